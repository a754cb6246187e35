/**
 * A trade list (educations, jobs, cash accounts): every row on one page and an actions column with
 * Delete; cards on a phone (components/responsive-table.tsx).
 */
import { Space, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '@/components/responsive-table';
import { DeleteEntryButton } from './delete-entry-button';

type Props<TRow extends { id: string }> = {
  rows: TRow[];
  /** The list's accessible name (the table's scroll region, the card list). */
  label: string;
  testId: string;
  columns: TableColumnsType<TRow>;
  /** What the Delete button names ("Delete <label>"). */
  labelOf: (row: TRow) => string;
  onDelete: (row: TRow) => Promise<unknown>;
  /** Actions shown before Delete. */
  otherActions?: (row: TRow) => ReactNode;
};

export function EntryTable<TRow extends { id: string }>({
  rows,
  label,
  testId,
  columns,
  labelOf,
  onDelete,
  otherActions,
}: Props<TRow>) {
  const { t } = useTranslation('trade');
  const actions = (row: TRow) => {
    const remove = <DeleteEntryButton label={labelOf(row)} onConfirm={() => onDelete(row)} />;
    if (!otherActions) return remove;
    return (
      <Space size={0}>
        {otherActions(row)}
        {remove}
      </Space>
    );
  };
  return (
    <ResponsiveTable<TRow>
      rowKey="id"
      rows={rows}
      label={label}
      testId={testId}
      columns={[...columns, { title: t('trade.actions'), key: 'actions', render: (_, row) => actions(row) }]}
    />
  );
}
