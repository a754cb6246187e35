/** Active sessions in the mobile shell: sign out one, or every other one, after confirmation. */
import { calls } from '@ac/protocol/calls';
import type { TActiveSession } from '@ac/protocol/devices';
import { Button, DotLoading, ErrorBlock, List, Tag, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/use-error-text';
import { useCall } from '@/lib/api/use-call';
import { EMPTY_VALUE, formatDateTime } from '@/lib/format/date';
import { useSignOutOthers, useSignOutSession } from '../api/use-device-mutations';
import { ConfirmDialogMobile } from './confirm-dialog-mobile';
import { browserName, clientTypeName } from './session-labels';

export function SessionListMobile() {
  const { t } = useTranslation('devices');
  const errorText = useErrorText();
  const sessions = useCall(calls.session.listActive, {}, { select: (answer) => answer.rows });
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOthers();
  const [confirming, setConfirming] = useState<TActiveSession | 'others' | null>(null);
  if (sessions.isPending) return <DotLoading color="primary" />;
  if (sessions.error) return <ErrorBlock status="default" title={errorText(sessions.error)} description={null} />;
  const others = sessions.data.filter((s) => !s.current).length;
  const fail = (error: unknown) => Toast.show({ icon: 'fail', content: errorText(error) });

  const doSignOut = (row: TActiveSession) =>
    signOut.mutate(
      { id: row.id },
      {
        onSuccess: () => Toast.show({ icon: 'success', content: t('devices.sessionSignedOut') }),
        onError: fail,
      },
    );
  const doOthers = () =>
    signOutOthers.mutate(
      {},
      {
        onSuccess: (r) =>
          Toast.show({ icon: 'success', content: t('devices.sessionSignedOutOthers', { count: r.count }) }),
        onError: fail,
      },
    );

  return (
    <>
      <List data-testid="sessions-list" aria-label={t('devices.sessionTab')} header={t('devices.sessionHint')}>
        {sessions.data.map((row) => (
          <List.Item
            key={row.id}
            extra={
              row.current ? (
                <Tag color="success" data-testid="session-current">
                  {t('devices.sessionCurrent')}
                </Tag>
              ) : (
                <Button
                  size="mini"
                  color="danger"
                  fill="outline"
                  data-testid="session-sign-out"
                  onClick={() => setConfirming(row)}
                >
                  {t('devices.sessionSignOut')}
                </Button>
              )
            }
            description={
              <>
                <div>
                  {t('devices.sessionDevice')}:{' '}
                  {row.device
                    ? `${row.device.name} (${row.device.model})`
                    : (browserName(row.userAgent) ?? EMPTY_VALUE)}
                </div>
                <div>
                  {t('devices.sessionIp')}: {row.ip ?? EMPTY_VALUE}
                </div>
                <div>
                  {t('devices.sessionStarted')}: {formatDateTime(row.startedAt)}
                </div>
                <div>
                  {t('devices.sessionLastSeen')}: {formatDateTime(row.lastSeenAt)}
                </div>
              </>
            }
          >
            {row.portal ? t('devices.sessionPortal') : clientTypeName(row.clientType)}{' '}
            <span style={{ color: '#595959', fontSize: 13 }}>{row.clientVersion}</span>
          </List.Item>
        ))}
      </List>
      <div style={{ padding: 12 }}>
        <Button
          block
          color="danger"
          fill="outline"
          disabled={others === 0}
          data-testid="session-sign-out-others"
          onClick={() => setConfirming('others')}
        >
          {t('devices.sessionSignOutOthers')}
        </Button>
      </div>
      {confirming === 'others' ? (
        <ConfirmDialogMobile
          title={t('devices.sessionSignOutOthersConfirmTitle')}
          content={t('devices.sessionSignOutOthersConfirmText', { count: others })}
          confirmText={t('devices.sessionSignOutOthers')}
          confirmTestId="session-sign-out-others-confirm"
          danger
          onConfirm={doOthers}
          onClose={() => setConfirming(null)}
        />
      ) : confirming ? (
        <ConfirmDialogMobile
          title={t('devices.sessionSignOutConfirmTitle')}
          content={t('devices.sessionSignOutConfirmText', {
            name: confirming.device?.name ?? clientTypeName(confirming.clientType),
          })}
          confirmText={t('devices.sessionSignOut')}
          confirmTestId="session-sign-out-confirm"
          danger
          onConfirm={() => doSignOut(confirming)}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </>
  );
}
