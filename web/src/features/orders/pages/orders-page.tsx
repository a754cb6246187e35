/** Order centre: every order of the user. */
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { OrderList } from '../components/order-list';

export function OrdersPage() {
  const { t } = useTranslation('orders');
  return (
    <>
      <PageHeader title={t('orders.pageTitle')} description={t('orders.pageDescription')} />
      <OrderList />
    </>
  );
}
