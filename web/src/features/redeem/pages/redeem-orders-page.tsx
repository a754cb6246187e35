/**
 * /redeemcode/order: the orders in which I bought redeem codes, paged; buying more (also opened
 * by `?buy=1`, the enterprise page's link) and each order's codes in a drawer.
 */
import { calls } from '@ac/protocol/calls';
import type { TRedeemOrderRow } from '@ac/protocol/commerce';
import { COMPANY_ADMIN_ROLES } from '@ac/protocol/enums';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { invalidateCall } from '@/lib/api/use-call';
import { useCompanyInfo } from '@/lib/session/company-info';
import { BuyCodesDialog } from '../components/buy-codes-dialog';
import { redeemOrderColumns } from '../components/redeem-order-columns';
import { RedeemOrderDrawer } from '../components/redeem-order-drawer';

export function RedeemOrdersPage() {
  const { t, i18n } = useTranslation(['redeem', 'enums']);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const company = useCompanyInfo();
  const role = company.data?.role;
  const admin = role !== undefined && COMPANY_ADMIN_ROLES.includes(role);
  const buying = params.get('buy') === '1';
  const setBuying = (on: boolean) =>
    setParams((p) => {
      if (on) p.set('buy', '1');
      else p.delete('buy');
      return p;
    });
  const columns = [
    ...redeemOrderColumns(t, i18n.language),
    {
      title: t('redeem.codesColumn'),
      key: 'codes',
      render: (_: unknown, row: TRedeemOrderRow) => (
        <Button size="small" onClick={() => setOpen(row.orderNo)} data-testid={`redeem-order-open-${row.orderNo}`}>
          {t('redeem.viewCodes')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('redeem.ordersTitle')}
        description={t('redeem.ordersDescription')}
        extra={
          <Button type="primary" onClick={() => setBuying(true)} data-testid="buy-codes">
            {t('redeem.buyCodes')}
          </Button>
        }
      />
      <Card>
        <PagedTable
          call={calls.redeem.orders}
          columns={columns}
          rowKey="orderNo"
          label={t('redeem.ordersTitle')}
          testId="redeem-orders-table"
          emptyText={t('redeem.ordersEmpty')}
          scrollX={1200}
          page={{ pageNo, onChange: setPageNo }}
        />
      </Card>
      {buying ? (
        <BuyCodesDialog
          onClose={() => setBuying(false)}
          onPaid={() => {
            setPageNo(1);
            void invalidateCall(
              queryClient,
              calls.redeem.orders,
              calls.redeem.orderDetail,
              calls.redeem.list,
              calls.redeem.offers,
            );
          }}
        />
      ) : null}
      {open ? <RedeemOrderDrawer orderNo={open} mayHandOver={admin} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
