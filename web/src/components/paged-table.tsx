/**
 * A server-paged list query as a table: its error with Retry, the table in
 * a keyboard-scrollable region, the loading state while it fetches and the
 * pager (hidden on a single page unless the total is shown).
 */
import { Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { QueryErrorAlert } from './query-error-alert';
import { ScrollRegion } from './scroll-region';

type PagedQuery<TRow> = {
  data?: { rows: TRow[]; total: number };
  isFetching: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
};

type Props<TRow> = {
  query: PagedQuery<TRow>;
  columns: TableColumnsType<TRow>;
  rowKey: keyof TRow & string;
  /** The accessible name of the scroll region. */
  label: string;
  testId: string;
  emptyText: string;
  scrollX: number;
  pageNo: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  showTotal?: (total: number) => ReactNode;
};

export function PagedTable<TRow extends object>(props: Props<TRow>) {
  const { query, pageNo, pageSize, showTotal } = props;
  return (
    <>
      <QueryErrorAlert query={query} />
      <ScrollRegion label={props.label} testId={props.testId}>
        <Table<TRow>
          rowKey={props.rowKey}
          columns={props.columns}
          dataSource={query.data?.rows}
          loading={query.isFetching}
          scroll={{ x: props.scrollX }}
          locale={{ emptyText: props.emptyText }}
          pagination={{
            current: pageNo,
            pageSize,
            total: query.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: !showTotal,
            showTotal,
            onChange: props.onPageChange,
          }}
        />
      </ScrollRegion>
    </>
  );
}
