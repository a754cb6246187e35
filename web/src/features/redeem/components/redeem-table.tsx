/** One tab of redeem codes, paged. */
import { calls } from '@ac/protocol/calls';
import type { TRedeemListRequest } from '@ac/protocol/commerce';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/components/paged-table';
import { redeemColumns } from './redeem-columns';

export function RedeemTable({ state }: { state: TRedeemListRequest['state'] }) {
  const { t } = useTranslation(['redeem', 'enums']);
  return (
    <PagedTable
      call={calls.redeem.list}
      filter={{ state }}
      columns={redeemColumns(t)}
      rowKey="serialNo"
      label={t('redeem.pageTitle')}
      testId={`redeem-table-${state}`}
      emptyText={t('redeem.empty')}
      scrollX={1100}
    />
  );
}
