/**
 * Active sessions (docs/product.md#devices-and-sessions): the portal's browsers and the CAD
 * clients with client type, device, IP, started and last seen; "this session"
 * marked; sign out one, or every other one, after confirmation.
 */
import { calls } from '@ac/protocol/calls';
import type { TActiveSession } from '@ac/protocol/devices';
import { App, Button, Flex, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { ResponsiveTable } from '@/components/responsive-table';
import { useErrorText } from '@/components/use-error-text';
import { useCall } from '@/lib/api/use-call';
import { EMPTY_VALUE, formatDateTime } from '@/lib/format/date';
import { useSignOutOthers, useSignOutSession } from '../api/use-device-mutations';
import { browserName, clientTypeName } from './session-labels';

export function SessionsTable() {
  const { t } = useTranslation('devices');
  const { modal, message } = App.useApp();
  const errorText = useErrorText();
  const sessions = useCall(calls.session.listActive, {}, { select: (answer) => answer.rows });
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOthers();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  const confirmSignOut = (row: TActiveSession) =>
    modal.confirm({
      title: t('devices.sessionSignOutConfirmTitle'),
      content: t('devices.sessionSignOutConfirmText', { name: row.device?.name ?? clientTypeName(row.clientType) }),
      okText: t('devices.sessionSignOut'),
      okButtonProps: { danger: true, 'data-testid': 'session-sign-out-confirm' },
      cancelText: t('devices.back'),
      onOk: () =>
        signOut.mutateAsync({ id: row.id }).then(
          () => void message.success(t('devices.sessionSignedOut')),
          (error: unknown) => void message.error(errorText(error)),
        ),
    });

  const confirmOthers = () =>
    modal.confirm({
      title: t('devices.sessionSignOutOthersConfirmTitle'),
      content: t('devices.sessionSignOutOthersConfirmText', { count: others }),
      okText: t('devices.sessionSignOutOthers'),
      okButtonProps: { danger: true, 'data-testid': 'session-sign-out-others-confirm' },
      cancelText: t('devices.back'),
      onOk: () =>
        signOutOthers.mutateAsync({}).then(
          (r) => void message.success(t('devices.sessionSignedOutOthers', { count: r.count })),
          (error: unknown) => void message.error(errorText(error)),
        ),
    });

  const columns: TableColumnsType<TActiveSession> = [
    {
      title: t('devices.sessionClient'),
      key: 'client',
      render: (_, row) => (
        <Flex vertical gap={2}>
          <span>
            {row.portal ? t('devices.sessionPortal') : clientTypeName(row.clientType)}{' '}
            <Typography.Text type="secondary">{row.clientVersion}</Typography.Text>
          </span>
          {row.current ? (
            <Tag color="green" data-testid="session-current" style={{ width: 'fit-content' }}>
              {t('devices.sessionCurrent')}
            </Tag>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('devices.sessionDevice'),
      key: 'device',
      render: (_, row) =>
        row.device ? `${row.device.name} (${row.device.model})` : (browserName(row.userAgent) ?? EMPTY_VALUE),
    },
    { title: t('devices.sessionIp'), key: 'ip', render: (_, row) => row.ip ?? EMPTY_VALUE },
    { title: t('devices.sessionStarted'), key: 'started', render: (_, row) => formatDateTime(row.startedAt) },
    { title: t('devices.sessionLastSeen'), key: 'lastSeen', render: (_, row) => formatDateTime(row.lastSeenAt) },
    {
      title: t('devices.actions'),
      key: 'actions',
      render: (_, row) =>
        row.current ? null : (
          <Button size="small" danger data-testid="session-sign-out" onClick={() => confirmSignOut(row)}>
            {t('devices.sessionSignOut')}
          </Button>
        ),
    },
  ];

  return (
    <>
      <QueryErrorAlert query={sessions} />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('devices.sessionHint')}</Typography.Text>
        <Button danger disabled={others === 0} data-testid="session-sign-out-others" onClick={confirmOthers}>
          {t('devices.sessionSignOutOthers')}
        </Button>
      </Flex>
      <ResponsiveTable<TActiveSession>
        testId="sessions-table"
        label={t('devices.sessionTab')}
        rowKey="id"
        columns={columns}
        rows={sessions.data ?? []}
        loading={sessions.isFetching}
        emptyText={t('devices.sessionEmpty')}
      />
    </>
  );
}
