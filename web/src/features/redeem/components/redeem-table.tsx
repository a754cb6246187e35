/** One tab of redeem codes, paged. */
import { calls } from '@ac/protocol/calls';
import type { TRedeemListRequest } from '@ac/protocol/commerce';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/components/paged-table';
import { useCall } from '@/lib/api/use-call';
import { redeemColumns } from './redeem-columns';

const PAGE_SIZE = 10;

export function RedeemTable({ state }: { state: TRedeemListRequest['state'] }) {
  const { t } = useTranslation(['redeem', 'enums']);
  const [pageNo, setPageNo] = useState(1);
  const codes = useCall(
    calls.redeem.list,
    { state, pageNo, pageSize: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  return (
    <PagedTable
      query={codes}
      columns={redeemColumns(t)}
      rowKey="serialNo"
      label={t('redeem.pageTitle')}
      testId={`redeem-table-${state}`}
      emptyText={t('redeem.empty')}
      scrollX={1100}
      pageNo={pageNo}
      pageSize={PAGE_SIZE}
      onPageChange={setPageNo}
    />
  );
}
