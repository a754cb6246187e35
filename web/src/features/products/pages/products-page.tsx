/** Product centre: current membership, storage and every membership product with its expiry. */
import { Card, Col, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { useUserInfo } from '@/lib/session/user-info';
import { useMyProducts } from '../api/get-my-products';
import { MembershipCard } from '../components/membership-card';
import { MyProductsTable } from '../components/my-products-table';
import { StorageCard } from '../components/storage-card';

export function ProductsPage() {
  const { t } = useTranslation('products');
  const userInfo = useUserInfo();
  const products = useMyProducts();
  return (
    <>
      <PageHeader title={t('products.pageTitle')} description={t('products.pageDescription')} />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} lg={12}>
          {userInfo.data ? <MembershipCard vipInfo={userInfo.data.vipInfo} /> : <Skeleton active />}
        </Col>
        <Col xs={24} lg={12}>
          {userInfo.data ? <StorageCard storage={userInfo.data.storage} /> : <Skeleton active />}
        </Col>
      </Row>
      <Card
        title={
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            {t('products.tableTitle')}
          </Typography.Title>
        }
      >
        {products.error ? <ErrorAlert error={products.error} onRetry={() => void products.refetch()} /> : null}
        <MyProductsTable rows={products.data} loading={products.isPending} />
      </Card>
    </>
  );
}
