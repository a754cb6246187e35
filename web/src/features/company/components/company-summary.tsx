/** The company at a glance: name, status, end date and the seats used of each product. */
import type { TCompanyOverview } from '@ac/protocol/company';
import { Card, Descriptions, Flex, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '@/components/status-tag';
import { formatDate, isPast } from '@/lib/format/date';

/** One word for the state that decides whether seats grant: frozen, expired, or the status. */
export function companyState(c: TCompanyOverview): { key: string; tone: StatusTone } {
  if (c.freezeStatus === 'frozen') return { key: 'stateFrozen', tone: 'error' };
  if (c.companyStatus === 'active' && isPast(c.endTime)) return { key: 'stateExpired', tone: 'warning' };
  if (c.companyStatus === 'active') return { key: 'stateActive', tone: 'success' };
  if (c.companyStatus === 'pending') return { key: 'statePending', tone: 'info' };
  return { key: 'stateClosed', tone: 'neutral' };
}

export function CompanySummary({ company }: { company: TCompanyOverview }) {
  const { t } = useTranslation('enterprise');
  const state = companyState(company);
  return (
    <Card title={t('enterprise.company')} data-testid="company-summary">
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Descriptions.Item label={t('enterprise.companyName')}>
          <span data-testid="company-name">{company.companyName}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('enterprise.status')}>
          <span data-testid="company-state">
            <StatusTag tone={state.tone}>{t(`enterprise.${state.key}`)}</StatusTag>
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('enterprise.endDate')}>{formatDate(company.endTime)}</Descriptions.Item>
        <Descriptions.Item label={t('enterprise.myRole')}>{t(`enterprise.role_${company.role}`)}</Descriptions.Item>
      </Descriptions>
      {company.granting ? null : (
        <Typography.Paragraph type="danger" style={{ marginTop: 8 }} data-testid="company-not-granting">
          {t('enterprise.notGranting')}
        </Typography.Paragraph>
      )}
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 16 }}>
        {t('enterprise.seats')}
      </Typography.Title>
      {company.seats.length === 0 ? (
        <Typography.Text type="secondary">{t('enterprise.noSeats')}</Typography.Text>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {company.seats.map((s) => (
            <Flex key={s.goodsCode} gap={16} align="center" wrap data-testid={`seat-${s.goodsCode}`}>
              <span style={{ minWidth: 180 }}>
                {s.goodsName} <Typography.Text type="secondary">({s.goodsCode})</Typography.Text>
              </span>
              <Progress
                percent={s.total ? Math.round((s.used / s.total) * 100) : 0}
                showInfo={false}
                style={{ flex: 1, minWidth: 120, margin: 0 }}
                aria-label={t('enterprise.seatsUsedOf', { used: s.used, total: s.total })}
              />
              <span data-testid="seat-count">{t('enterprise.seatsUsedOf', { used: s.used, total: s.total })}</span>
              {s.mine ? <StatusTag tone="info">{t('enterprise.seatMine')}</StatusTag> : null}
            </Flex>
          ))}
        </Space>
      )}
    </Card>
  );
}
