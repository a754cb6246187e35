/**
 * The console's home for every role (docs/operations.md#dashboard): a period (the last 30 days
 * first), the totals, the charts and the table of every day. Revenue only when the server sent it
 * (finance, admin). This module and the chart library load with this route only.
 */
import { consoleCalls } from '@ac/protocol/console/console-calls';
import { DASHBOARD_DEFAULT_DAYS, DASHBOARD_MAX_DAYS } from '@ac/protocol/console/dashboard-shapes';
import type { TCurrency } from '@ac/protocol/enums';
import { Alert, Card, Col, DatePicker, Form, Row, Skeleton, Statistic, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConsoleCall } from '../../api/console-api';
import { useErrorText } from '../../components/error-text';
import { money } from '../../components/format';
import { useMay } from '../../components/staff-context';
import { DashboardCharts } from './dashboard-charts';
import { denseDashboard } from './dashboard-data';
import { DashboardTable } from './dashboard-table';

const DAY_FORMAT = 'YYYY-MM-DD';
const lastDays = (n: number): [Dayjs, Dayjs] => [dayjs().subtract(n - 1, 'day'), dayjs()];

export function DashboardPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const mayOrders = useMay('orders.read');
  const [period, setPeriod] = useState<[Dayjs, Dayjs]>(() => lastDays(DASHBOARD_DEFAULT_DAYS));
  const payload = { from: period[0].format(DAY_FORMAT), to: period[1].format(DAY_FORMAT) };
  const summary = useConsoleCall(consoleCalls.dashboard.summary, payload);
  const data = useMemo(() => (summary.data ? denseDashboard(summary.data) : undefined), [summary.data]);
  const perCurrency = (v: Partial<Record<TCurrency, number>>, f: (n: number, c: TCurrency) => string) =>
    data?.currencies.map((c) => f(v[c] ?? 0, c)).join(' · ') || '0';
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        {t('dashTitle')}
      </Typography.Title>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label={t('filterPeriod')} htmlFor="dashboard-period">
          <DatePicker.RangePicker
            id={{ start: 'dashboard-period' }}
            value={period}
            allowClear={false}
            format={DAY_FORMAT}
            disabledDate={(d, info) => Boolean(info.from && Math.abs(d.diff(info.from, 'day')) >= DASHBOARD_MAX_DAYS)}
            presets={[7, 30, 90, 365].map((n) => ({ label: t('dashLastDays', { count: n }), value: lastDays(n) }))}
            onChange={(v) => {
              if (v?.[0] && v[1]) setPeriod([v[0], v[1]]);
            }}
          />
        </Form.Item>
      </Form>
      {summary.data ? (
        <Typography.Paragraph type="secondary">
          {t('dashScope', { region: t(`region_${summary.data.region}`), timeZone: summary.data.timeZone })}
        </Typography.Paragraph>
      ) : null}
      {summary.error ? (
        <Alert type="error" showIcon title={errorText(summary.error)} style={{ marginBottom: 16 }} />
      ) : null}
      {!data ? (
        summary.isFetching ? (
          <Skeleton active />
        ) : null
      ) : (
        <>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            <Col xs={12} md={8} xl={4}>
              <Card size="small">
                <Statistic title={t('dashOrders')} value={perCurrency(data.totals.orders, (n, c) => `${n} ${c}`)} />
              </Card>
            </Col>
            {data.revenueShown ? (
              <Col xs={12} md={8} xl={4}>
                <Card size="small">
                  <Statistic title={t('dashRevenue')} value={perCurrency(data.totals.revenue, money)} />
                </Card>
              </Col>
            ) : null}
            <Col xs={12} md={8} xl={4}>
              <Card size="small">
                <Statistic title={t('dashSignUps')} value={data.totals.signUps} />
              </Card>
            </Col>
            <Col xs={12} md={8} xl={4}>
              <Card size="small">
                <Statistic title={t('dashRedemptions')} value={data.totals.redemptions} />
              </Card>
            </Col>
            <Col xs={12} md={8} xl={4}>
              <Card size="small">
                <Statistic title={t('dashFailedLogins')} value={data.totals.failedLogins} />
              </Card>
            </Col>
            <Col xs={12} md={8} xl={4}>
              <Card size="small">
                <Statistic title={t('dashUnconfirmedNow')} value={summary.data?.unconfirmedNow ?? 0} />
                {mayOrders ? <Link to="/orders?status=6">{t('dashUnconfirmedOpen')}</Link> : null}
              </Card>
            </Col>
          </Row>
          <DashboardCharts data={data} from={payload.from} to={payload.to} />
          <Typography.Title level={2} style={{ fontSize: 18, marginTop: 24 }}>
            {t('dashTable')}
          </Typography.Title>
          <DashboardTable data={data} />
        </>
      )}
    </>
  );
}
