/** Every figure of the dashboard's charts, a row per day: what a screen reader or a copy reads. */
import type { TCurrency } from '@ac/protocol/enums';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '@/components/scroll-region';
import { money } from '../../components/format';
import type { Dashboard, DayRow } from './dashboard-data';

export function DashboardTable({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const perCurrency = (c: TCurrency) => [
    {
      title: t('dashColOrders', { currency: c }),
      key: `o${c}`,
      align: 'right' as const,
      render: (_: unknown, r: DayRow) => r.orders[c] ?? 0,
    },
    ...(data.revenueShown
      ? [
          {
            title: t('dashColRevenue', { currency: c }),
            key: `r${c}`,
            align: 'right' as const,
            render: (_: unknown, r: DayRow) => money(r.revenue[c] ?? 0, c),
          },
        ]
      : []),
  ];
  const columns: ColumnsType<DayRow> = [
    { title: t('dashColDay'), dataIndex: 'day', width: 120, fixed: 'left' },
    ...data.currencies.flatMap(perCurrency),
    { title: t('dashSignUps'), dataIndex: 'signUps', align: 'right' },
    { title: t('dashRedemptions'), dataIndex: 'redemptions', align: 'right' },
    { title: t('dashFailedLogins'), dataIndex: 'failedLogins', align: 'right' },
    { title: t('dashUnconfirmed'), dataIndex: 'unconfirmed', align: 'right' },
  ];
  return (
    <ScrollRegion label={t('dashTable')} testId="dashboard-table">
      <Table<DayRow>
        rowKey="day"
        size="small"
        columns={columns}
        dataSource={[...data.rows].reverse()}
        scroll={{ x: 760 }}
        pagination={{ pageSize: 31, showSizeChanger: false, hideOnSinglePage: true }}
      />
    </ScrollRegion>
  );
}
