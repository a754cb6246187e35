/** One tab of redeem codes, paged. */
import type { TRedeemListRequest } from '@ac/protocol/commerce';
import { Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { ScrollRegion } from '@/components/scroll-region';
import { useRedeemCodes } from '../api/get-redeem-codes';
import { redeemColumns } from './redeem-columns';

const PAGE_SIZE = 10;

export function RedeemTable({ state }: { state: TRedeemListRequest['state'] }) {
  const { t } = useTranslation(['redeem', 'enums']);
  const [pageNo, setPageNo] = useState(1);
  const codes = useRedeemCodes({ state, pageNo, pageSize: PAGE_SIZE });
  return (
    <>
      <QueryErrorAlert query={codes} />
      <ScrollRegion label={t('redeem.pageTitle')} testId={`redeem-table-${state}`}>
        <Table
          rowKey="serialNo"
          columns={redeemColumns(t)}
          dataSource={codes.data?.rows}
          loading={codes.isFetching}
          scroll={{ x: 1100 }}
          locale={{ emptyText: t('redeem.empty') }}
          pagination={{
            current: pageNo,
            pageSize: PAGE_SIZE,
            total: codes.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPageNo,
          }}
        />
      </ScrollRegion>
    </>
  );
}
