/** One page of a console list the server pages: the table in its scroll region, with the page bar. */
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '@/components/scroll-region';

/** Rows per page of every console list. */
export const CONSOLE_PAGE_SIZE = 20;

type Props<T> = {
  /** The scroll region's accessible name. */
  label: string;
  testId: string;
  rowKey: keyof T & string;
  columns: ColumnsType<T>;
  /** The call's answer: this page's rows and the total over every page. */
  page: { rows: T[]; total: number } | undefined;
  loading: boolean;
  /** The table's width before it scrolls sideways. */
  scrollX: number;
  pageNo: number;
  onPage: (pageNo: number) => void;
  size?: 'small' | 'middle';
};

export function PagedTable<T extends object>(p: Props<T>) {
  const { t } = useTranslation();
  return (
    <ScrollRegion label={p.label} testId={p.testId}>
      <Table<T>
        rowKey={p.rowKey}
        size={p.size ?? 'small'}
        columns={p.columns}
        dataSource={p.page?.rows ?? []}
        loading={p.loading}
        scroll={{ x: p.scrollX }}
        pagination={{
          current: p.pageNo,
          pageSize: CONSOLE_PAGE_SIZE,
          total: p.page?.total ?? 0,
          showSizeChanger: false,
          showTotal: (count) => t('total', { count }),
          onChange: p.onPage,
        }}
      />
    </ScrollRegion>
  );
}
