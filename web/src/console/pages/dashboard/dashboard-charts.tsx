/**
 * The dashboard's charts (@ant-design/charts, loaded with the dashboard route only). A chart is
 * drawn on a canvas: each is an image whose accessible name says what it shows and its totals,
 * and the table under the charts (dashboard-table.tsx) holds every figure.
 */

import type { TCurrency } from '@ac/protocol/enums';
import { Column, Line } from '@ant-design/charts';
import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyText } from '../../components/empty-text';
import { money } from '../../components/format';
import type { Dashboard } from './dashboard-data';

const HEIGHT = 240;
/** The member app's primary blue and colours of at least 3:1 against white (WCAG 1.4.11). */
const PALETTE = ['#1554c0', '#b2540b', '#2f7d32', '#8e24aa'];
const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

type Point = { day: string; series: string; value: number };

/** Whole-number ticks for counts (no 0.2 of an order). */
function integerTicks(min: number, max: number, count: number): number[] {
  const step = Math.max(1, Math.ceil((max - min) / Math.max(1, count - 1)));
  const ticks: number[] = [];
  for (let v = Math.floor(min); v <= Math.max(max, 1); v += step) ticks.push(v);
  return ticks;
}

function ChartCard(p: { title: string; description: string; testId: string; children: React.ReactNode }) {
  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{p.title}</h2>}>
      <div role="img" aria-label={p.description} data-testid={p.testId} style={{ height: HEIGHT }}>
        {p.children}
      </div>
    </Card>
  );
}

const common = {
  xField: 'day',
  yField: 'value',
  colorField: 'series',
  height: HEIGHT,
  autoFit: true,
  animate: reducedMotion ? false : undefined,
  scale: { color: { range: PALETTE }, y: { domainMin: 0, tickMethod: integerTicks } },
  axis: { x: { labelAutoHide: true, labelAutoRotate: false } },
  legend: { color: { position: 'top' as const } },
};

export function DashboardCharts({ data, from, to }: { data: Dashboard; from: string; to: string }) {
  const { t } = useTranslation();
  const { rows, currencies, totals } = data;
  const period = t('dashPeriodOf', { from, to });
  const orders: Point[] = rows.flatMap((r) =>
    currencies.map((c) => ({ day: r.day, series: c, value: r.orders[c] ?? 0 })),
  );
  const revenue: Point[] = rows.flatMap((r) =>
    currencies.map((c) => ({ day: r.day, series: c, value: (r.revenue[c] ?? 0) / 100 })),
  );
  const accounts: Point[] = rows.flatMap((r) => [
    { day: r.day, series: t('dashSignUps'), value: r.signUps },
    { day: r.day, series: t('dashRedemptions'), value: r.redemptions },
  ]);
  const risk: Point[] = rows.flatMap((r) => [
    { day: r.day, series: t('dashFailedLogins'), value: r.failedLogins },
    { day: r.day, series: t('dashUnconfirmed'), value: r.unconfirmed },
  ]);
  const perCurrency = (v: Partial<Record<TCurrency, number>>, f: (n: number, c: TCurrency) => string) =>
    currencies.map((c) => f(v[c] ?? 0, c)).join(', ') || t('dashNone');
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <ChartCard
          title={t('dashOrdersChart')}
          testId="chart-orders"
          description={t('dashOrdersChartText', {
            period,
            totals: perCurrency(totals.orders, (n, c) => `${n} ${c}`),
          })}
        >
          {currencies.length ? <Column {...common} data={orders} stack /> : <EmptyText>{t('dashNoSales')}</EmptyText>}
        </ChartCard>
      </Col>
      {data.revenueShown ? (
        <Col xs={24} xl={12}>
          <ChartCard
            title={t('dashRevenueChart')}
            testId="chart-revenue"
            description={t('dashRevenueChartText', {
              period,
              totals: perCurrency(totals.revenue, (n, c) => money(n, c)),
            })}
          >
            {currencies.length ? (
              <Line {...common} data={revenue} scale={{ ...common.scale, y: { domainMin: 0 } }} />
            ) : (
              <EmptyText>{t('dashNoSales')}</EmptyText>
            )}
          </ChartCard>
        </Col>
      ) : null}
      <Col xs={24} xl={12}>
        <ChartCard
          title={t('dashAccountsChart')}
          testId="chart-accounts"
          description={t('dashAccountsChartText', {
            period,
            signUps: totals.signUps,
            redemptions: totals.redemptions,
          })}
        >
          <Line {...common} data={accounts} />
        </ChartCard>
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard
          title={t('dashRiskChart')}
          testId="chart-risk"
          description={t('dashRiskChartText', {
            period,
            failed: totals.failedLogins,
            unconfirmed: totals.unconfirmed,
          })}
        >
          <Line {...common} data={risk} />
        </ChartCard>
      </Col>
    </Row>
  );
}
