/** The order list reached from the product centre (/order/pro), with the way back. */
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { OrderList } from '../components/order-list';

export function ProOrdersPage() {
  const { t } = useTranslation(['orders', 'nav']);
  return (
    <>
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[
          { title: <Link to={paths.products.getHref()}>{t('nav.products')}</Link> },
          { title: t('orders.proPageTitle') },
        ]}
      />
      <PageHeader title={t('orders.proPageTitle')} description={t('orders.proPageDescription')} />
      <OrderList />
    </>
  );
}
