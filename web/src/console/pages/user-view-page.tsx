/** One member: profile, the support actions, and what support needs to see, one tab each. */
import { consoleCalls } from '@ac/protocol/console/console-calls';
import type { TUserView } from '@ac/protocol/console/console-shapes';
import { Alert, Card, Descriptions, Spin, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ScrollRegion } from '@/components/scroll-region';
import { StatusTag } from '@/components/status-tag';
import { useConsoleCall } from '../api/console-api';
import { EmptyText } from '../components/empty-text';
import { useErrorText } from '../components/error-text';
import { dateTime } from '../components/format';
import { SupportActions } from '../components/support-actions';

type Row<K extends keyof TUserView> = TUserView[K] extends (infer R)[] ? R : never;

function money(m: { amount: number; currency: string }) {
  return `${(m.amount / 100).toFixed(2)} ${m.currency}`;
}

export function UserViewPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { userId = '' } = useParams();
  const view = useConsoleCall(consoleCalls.users.view, { userId });
  if (view.isPending) return <Spin />;
  if (view.error) return <Alert type="error" showIcon title={errorText(view.error)} />;
  const u = view.data;
  const p = u.profile;
  const yesNo = (v: boolean) => (v ? t('yes') : t('no'));
  // the tab's own name labels its table's scroll region (memberships, orders, redeemCodes...)
  const table = <K extends keyof TUserView>(key: K, rows: Row<K>[], columns: ColumnsType<Row<K>>, rowKey: string) => (
    <ScrollRegion label={t(key)} testId={`user-${key}`}>
      <Table<Row<K>>
        rowKey={rowKey}
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 800 }}
        locale={{ emptyText: <EmptyText>{t('empty')}</EmptyText> }}
      />
    </ScrollRegion>
  );

  const tabs = [
    {
      key: 'memberships',
      label: t('memberships'),
      children: table(
        'memberships',
        u.memberships,
        [
          { title: t('colGoods'), dataIndex: 'goodsCode' },
          { title: t('colStart'), dataIndex: 'startTime', render: dateTime },
          { title: t('colEnd'), dataIndex: 'endTime', render: dateTime },
          { title: t('colSource'), key: 'source', render: (_, m) => `${m.sourceType} · ${m.sourceId}` },
          { title: t('colLive'), dataIndex: 'live', render: yesNo },
        ],
        'sourceId',
      ),
    },
    {
      key: 'orders',
      label: `${t('orders')} (${u.ordersTotal})`,
      children: table(
        'orders',
        u.orders,
        [
          { title: t('colOrderNo'), dataIndex: 'orderNo' },
          { title: t('colTime'), dataIndex: 'orderTime', render: dateTime },
          { title: t('colGoods'), dataIndex: 'goodsCode' },
          { title: t('colOrderType'), dataIndex: 'orderType' },
          { title: t('colAmount'), key: 'amount', render: (_, o) => money(o.payAmount) },
          { title: t('colStatus'), dataIndex: 'status' },
          { title: t('colEnd'), dataIndex: 'endDate', render: dateTime },
        ],
        'orderNo',
      ),
    },
    {
      key: 'codes',
      label: t('redeemCodes'),
      children: table(
        'redeemCodes',
        u.redeemCodes,
        [
          { title: t('colCode'), dataIndex: 'code' },
          { title: t('colGoods'), dataIndex: 'goodsName' },
          { title: t('colState'), dataIndex: 'state' },
          { title: t('colSource'), dataIndex: 'source' },
          { title: t('colTime'), dataIndex: 'redeemTime', render: dateTime },
        ],
        'serialNo',
      ),
    },
    {
      key: 'devices',
      label: t('devices'),
      children: table(
        'devices',
        u.devices,
        [
          { title: t('colDevice'), key: 'device', render: (_, d) => `${d.name} (${d.model})` },
          { title: 'UUID', dataIndex: 'uuid' },
          { title: t('colLastIp'), dataIndex: 'lastIp' },
          { title: t('colLastSeen'), dataIndex: 'lastTime', render: dateTime },
          { title: t('colState'), dataIndex: 'status' },
        ],
        'id',
      ),
    },
    {
      key: 'sessions',
      label: `${t('sessions')} (${u.sessions.length})`,
      children: table(
        'sessions',
        u.sessions,
        [
          { title: t('colClient'), key: 'client', render: (_, s) => `${s.clientType} ${s.clientVersion}` },
          { title: t('colIp'), dataIndex: 'ip' },
          { title: t('colStarted'), dataIndex: 'startedAt', render: dateTime },
          { title: t('colLastSeen'), dataIndex: 'lastSeenAt', render: dateTime },
        ],
        'id',
      ),
    },
    {
      key: 'bindings',
      label: t('bindings'),
      children: table(
        'bindings',
        u.bindings.filter((b) => b.bound),
        [
          { title: t('colProvider'), dataIndex: 'type' },
          { title: t('colName'), dataIndex: 'name' },
          { title: t('colBound'), dataIndex: 'bindTime', render: dateTime },
        ],
        'type',
      ),
    },
    {
      key: 'company',
      label: t('company'),
      children: u.company ? (
        <Descriptions size="small" bordered column={1}>
          <Descriptions.Item label={t('colName')}>{u.company.companyName}</Descriptions.Item>
          <Descriptions.Item label={t('colRole')}>{u.company.role}</Descriptions.Item>
          <Descriptions.Item label={t('colStatus')}>
            {u.company.companyStatus} · {u.company.freezeStatus}
          </Descriptions.Item>
          <Descriptions.Item label={t('colEnd')}>{dateTime(u.company.endTime)}</Descriptions.Item>
        </Descriptions>
      ) : (
        <Typography.Text type="secondary">{t('noCompany')}</Typography.Text>
      ),
    },
  ];

  return (
    <>
      <Link to="/users">{t('back')}</Link>
      <Typography.Title level={1} style={{ fontSize: 22, marginTop: 8 }}>
        {p.email ?? p.mobile ?? p.id} {p.blockedAt ? <StatusTag tone="error">{t('blocked')}</StatusTag> : null}
      </Typography.Title>
      <Card
        size="small"
        title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('profile')}</h2>}
        extra={<SupportActions user={u} />}
      >
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('accountId')}>{p.id}</Descriptions.Item>
          <Descriptions.Item label={t('colEmail')}>{p.email ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('colMobile')}>{p.mobile ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('colName')}>{p.name || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('colNickName')}>{p.nickName || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('colCompany')}>{p.company ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('colRegistered')}>{dateTime(p.registeredAt)}</Descriptions.Item>
          <Descriptions.Item label={t('lastLogin')}>{dateTime(p.lastLoginAt)}</Descriptions.Item>
          <Descriptions.Item label={t('colStatus')}>
            {p.blockedAt ? `${t('blocked')} ${dateTime(p.blockedAt)}` : p.activated ? t('active') : t('notActivated')}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Tabs items={tabs} style={{ marginTop: 16 }} />
    </>
  );
}
