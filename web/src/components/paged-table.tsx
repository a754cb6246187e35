/**
 * A list page's table: one paged call (`{pageNo, pageSize, …filter}` answering
 * `{rows, total}`) and its columns; on a phone the same columns as cards
 * (responsive-table.tsx), with the same pager and selection. It shows the call's error with Retry, the
 * table in a keyboard-scrollable region, the loading state while it fetches
 * (the previous page stays meanwhile) and the pager (hidden on a single page
 * unless the total is shown). A new filter starts again at page 1.
 */
import type { CallContract, CallRequest, CallResponse } from '@ac/client';
import { keepPreviousData } from '@tanstack/react-query';
import { Table, type TableColumnsType, type TableProps } from 'antd';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { type CallQueryOptions, useCall } from '@/lib/api/use-call';
import { QueryErrorAlert } from './query-error-alert';
import { RowCards, usePhoneLayout } from './responsive-table';
import { ScrollRegion } from './scroll-region';

type PagedCall = CallContract<
  z.ZodType<unknown, { pageNo?: number; pageSize?: number }>,
  z.ZodType<{ rows: object[]; total: number }>
>;
type Answer<C extends PagedCall> = CallResponse<C>;
type Row<C extends PagedCall> = Answer<C>['rows'][number];

type Props<C extends PagedCall> = {
  call: C;
  /** The rest of the payload. */
  filter?: Omit<CallRequest<C>, 'pageNo' | 'pageSize'>;
  /** The columns, or the columns for an answer (when they show more of it than its rows). */
  columns: TableColumnsType<Row<C>> | ((answer: Answer<C> | undefined) => TableColumnsType<Row<C>>);
  rowKey: keyof Row<C> & string;
  /** The accessible name of the scroll region. */
  label: string;
  testId: string;
  emptyText: string;
  scrollX: number;
  /** antd's cell padding: `middle` (12 × 8 px) lets a wide list fit where the default (16 px) would scroll. */
  size?: 'middle';
  pageSize?: number;
  /** The page, where the caller keeps it (in the URL, or to go back to page 1); else it is kept here. */
  page?: { pageNo: number; onChange: (pageNo: number) => void };
  showTotal?: (total: number) => ReactNode;
  /** How often to ask again (while something on the page is still pending). */
  refetchInterval?: CallQueryOptions<C>['refetchInterval'];
  rowSelection?: (answer: Answer<C> | undefined) => TableProps<Row<C>>['rowSelection'];
  /** Shown above the table once the call has answered. */
  header?: (answer: Answer<C>) => ReactNode;
};

export function PagedTable<C extends PagedCall>(props: Props<C>) {
  const { call, filter, page, pageSize = 10, showTotal } = props;
  const filterKey = JSON.stringify(filter ?? {});
  const [own, setOwn] = useState({ filterKey, pageNo: 1 });
  const pageNo = page?.pageNo ?? (own.filterKey === filterKey ? own.pageNo : 1);
  const onPageChange = page?.onChange ?? ((next: number) => setOwn({ filterKey, pageNo: next }));
  const query = useCall(call, { ...filter, pageNo, pageSize } as CallRequest<C>, {
    placeholderData: keepPreviousData,
    refetchInterval: props.refetchInterval,
  });
  const answer = query.data;
  const phone = usePhoneLayout();
  const columns = typeof props.columns === 'function' ? props.columns(answer) : props.columns;
  const pager = { current: pageNo, pageSize, hideOnSinglePage: !showTotal, showTotal, onChange: onPageChange };
  return (
    <>
      {answer && props.header ? props.header(answer) : null}
      <QueryErrorAlert query={query} />
      {phone ? (
        <RowCards<Row<C>>
          rows={answer?.rows ?? []}
          columns={columns}
          rowKey={props.rowKey}
          label={props.label}
          testId={props.testId}
          emptyText={props.emptyText}
          loading={query.isFetching}
          pager={{ ...pager, total: answer?.total ?? 0 }}
          selection={props.rowSelection?.(answer)}
        />
      ) : (
        <ScrollRegion label={props.label} testId={props.testId}>
          <Table<Row<C>>
            size={props.size}
            rowKey={props.rowKey}
            columns={columns}
            dataSource={answer?.rows}
            loading={query.isFetching}
            scroll={{ x: props.scrollX }}
            locale={{ emptyText: props.emptyText }}
            rowSelection={props.rowSelection?.(answer)}
            pagination={{ ...pager, total: answer?.total ?? 0, showSizeChanger: false }}
          />
        </ScrollRegion>
      )}
    </>
  );
}
