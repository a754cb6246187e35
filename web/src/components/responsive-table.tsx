/**
 * A table on a tablet or desktop, a list of cards on a phone: below antd's
 * `md` breakpoint (768 px) each row becomes a card that lists its columns as
 * label and value, from the same column definitions, so a narrow screen
 * never scrolls the rows sideways. Either way every row carries
 * `data-row-key`, so a journey finds a row the same way at both widths.
 * Wide, the table keeps its horizontal scroll reachable by keyboard
 * (ScrollRegion, scrollWhenRows).
 */
import { Checkbox, Empty, Grid, Pagination, Spin, Table, type TableColumnsType, type TableProps } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { ScrollRegion } from './scroll-region';
import { scrollWhenRows } from './table-scroll';

type Props<TRow> = {
  rows: readonly TRow[];
  columns: TableColumnsType<TRow>;
  rowKey: keyof TRow & string;
  /** The accessible name of the table's scroll region and of the card list. */
  label: string;
  testId: string;
  /** antd's own (in the page's language) when not given. */
  emptyText?: string;
  loading?: boolean;
  /** Rows per page, or every row on one page. */
  pageSize?: number;
  size?: 'small' | 'middle';
};

type Column<TRow> = TableColumnsType<TRow>[number];

/** What a column shows for a row: its `render`, else the value at its `dataIndex`. */
export function cellOf<TRow extends object>(column: Column<TRow>, row: TRow, index: number): ReactNode {
  const path = 'dataIndex' in column ? column.dataIndex : undefined;
  const keys = path === undefined ? [] : Array.isArray(path) ? path : [path];
  let value: unknown = keys.length > 0 ? row : undefined;
  for (const key of keys) value = (value as Record<string | number, unknown> | undefined)?.[key as string | number];
  if ('render' in column && column.render) return column.render(value, row, index) as ReactNode;
  return value as ReactNode;
}

/** The key of a column: its `key`, else its `dataIndex`. */
function keyOf<TRow>(column: Column<TRow>, index: number): string {
  if (column.key !== undefined) return String(column.key);
  if ('dataIndex' in column && column.dataIndex !== undefined) return String(column.dataIndex);
  return String(index);
}

function RowCard<TRow extends object>({
  row,
  index,
  columns,
}: {
  row: TRow;
  index: number;
  columns: TableColumnsType<TRow>;
}) {
  const [first, ...rest] = columns;
  return (
    <>
      {first ? <div className="row-card-head">{cellOf(first, row, index)}</div> : null}
      <dl className="row-card-fields">
        {rest.map((column, i) => {
          const value = cellOf(column, row, index);
          if (value === null || value === undefined || value === false) return null;
          return (
            <div key={keyOf(column, i + 1)} className="row-card-field">
              <dt>{typeof column.title === 'function' ? null : column.title}</dt>
              <dd>{value}</dd>
            </div>
          );
        })}
      </dl>
    </>
  );
}

/** A page of rows the server pages (PagedTable): the cards show its pager instead of slicing the rows. */
export type CardPager = {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  showTotal?: (total: number) => ReactNode;
  hideOnSinglePage?: boolean;
};

/** The part of antd's rowSelection the cards honour: a checkbox in each card's head. */
export type CardSelection<TRow> = Pick<
  NonNullable<TableProps<TRow>['rowSelection']>,
  'selectedRowKeys' | 'getCheckboxProps' | 'onChange'
>;

type CardsProps<TRow> = Omit<Props<TRow>, 'size'> & { pager?: CardPager; selection?: CardSelection<TRow> };

function SelectBox<TRow extends object>({
  row,
  rows,
  rowKey,
  selection,
}: {
  row: TRow;
  rows: readonly TRow[];
  rowKey: keyof TRow & string;
  selection: CardSelection<TRow>;
}) {
  const key = row[rowKey] as Key;
  const keys = selection.selectedRowKeys ?? [];
  const toggle = (on: boolean) => {
    const next = on ? [...keys.filter((k) => k !== key), key] : keys.filter((k) => k !== key);
    const chosen = rows.filter((r) => next.includes(r[rowKey] as Key));
    selection.onChange?.(next, chosen, { type: 'single' });
  };
  return (
    <Checkbox
      {...selection.getCheckboxProps?.(row)}
      checked={keys.includes(key)}
      onChange={(e) => toggle(e.target.checked)}
      style={{ marginRight: 8 }}
    />
  );
}

/**
 * The phone layout: one card per row, paged like the table (its own slices, or the server's pages
 * with `pager`), with a checkbox per card when rows are selectable.
 */
export function RowCards<TRow extends object>(props: CardsProps<TRow>) {
  const { rows, rowKey, pageSize, pager, selection } = props;
  const [page, setPage] = useState(1);
  const sliced = !pager && pageSize !== undefined && rows.length > pageSize;
  const shown = sliced ? rows.slice((page - 1) * pageSize, page * pageSize) : rows;
  const offset = sliced ? (page - 1) * pageSize : 0;
  const showPager = pager ? !(pager.hideOnSinglePage && pager.total <= pager.pageSize) : sliced;
  return (
    <Spin spinning={props.loading ?? false}>
      <div data-testid={props.testId}>
        {rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText} />
        ) : (
          <ul className="row-card-list" aria-label={props.label}>
            {shown.map((row, i) => (
              <li key={String(row[rowKey])} data-row-key={String(row[rowKey])} className="row-card">
                {selection ? (
                  <div className="row-card-select">
                    <SelectBox row={row} rows={rows} rowKey={rowKey} selection={selection} />
                  </div>
                ) : null}
                <RowCard row={row} index={offset + i} columns={props.columns} />
              </li>
            ))}
          </ul>
        )}
        {showPager ? (
          <Pagination
            size="small"
            align="end"
            current={pager?.current ?? page}
            pageSize={pager?.pageSize ?? pageSize}
            total={pager?.total ?? rows.length}
            showSizeChanger={false}
            showTotal={pager?.showTotal}
            onChange={pager?.onChange ?? setPage}
          />
        ) : null}
      </div>
    </Spin>
  );
}

/** Below antd's `md` breakpoint: the layout of cards. */
export const usePhoneLayout = () => Grid.useBreakpoint().md === false;

export function ResponsiveTable<TRow extends object>(props: Props<TRow>) {
  const { rows, columns, rowKey, pageSize } = props;
  if (usePhoneLayout()) return <RowCards {...props} />;
  const paged = pageSize !== undefined && rows.length > pageSize;
  return (
    <ScrollRegion label={props.label} testId={props.testId}>
      <Table<TRow>
        size={props.size}
        rowKey={rowKey}
        columns={columns}
        dataSource={[...rows]}
        loading={props.loading}
        pagination={paged ? { pageSize, showSizeChanger: false } : false}
        scroll={scrollWhenRows(rows)}
        locale={props.emptyText ? { emptyText: props.emptyText } : undefined}
      />
    </ScrollRegion>
  );
}
