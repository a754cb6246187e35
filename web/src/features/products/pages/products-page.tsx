/** Product centre: current membership, storage, every membership product with its expiry, and Buy / Renew. */
import { ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { isPast } from '@/lib/format/date';
import { useUserInfo } from '@/lib/session/user-info';
import { useMyProducts } from '../api/get-my-products';
import { MembershipCard } from '../components/membership-card';
import { MyProductsTable } from '../components/my-products-table';
import { StorageCard } from '../components/storage-card';

/** The buy dialog with the checkout loads on first use (docs/performance.md, "First view"). */
const loadBuyDialog = () => import('../components/buy-dialog');
const BuyDialog = lazy(() => loadBuyDialog().then((m) => ({ default: m.BuyDialog })));
const preloadBuyDialog = () => void loadBuyDialog().catch(() => undefined);

export function ProductsPage() {
  const { t } = useTranslation('products');
  const userInfo = useUserInfo();
  const products = useMyProducts();
  const [buying, setBuying] = useState(false);
  // stays mounted once opened: after the dialog closes it still shows the checkout of the order
  const [bought, setBought] = useState(false);
  const held = useMemo(
    () => new Set((products.data ?? []).filter((p) => !isPast(p.expireTime)).map((p) => p.goodsCode)),
    [products.data],
  );
  return (
    <>
      <PageHeader
        title={t('products.pageTitle')}
        description={t('products.pageDescription')}
        extra={
          <Button
            type="primary"
            icon={<ShoppingCartOutlined aria-hidden />}
            onClick={() => {
              setBought(true);
              setBuying(true);
            }}
            onPointerEnter={preloadBuyDialog}
            onFocus={preloadBuyDialog}
            data-testid="buy-button"
          >
            {t('products.buyRenew')}
          </Button>
        }
      />
      {bought ? (
        <Suspense fallback={null}>
          <BuyDialog open={buying} held={held} onClose={() => setBuying(false)} />
        </Suspense>
      ) : null}
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
        <QueryErrorAlert query={products} />
        <MyProductsTable rows={products.data} loading={products.isPending} />
      </Card>
    </>
  );
}
