/**
 * Security: two-step verification (docs/product.md#two-step-verification).
 * Off: set up an authenticator app. On: since when, recovery codes left, new
 * recovery codes, turn off. Recovery codes are shown once, right after they
 * are made. Below it the member's passkeys (passkeys-card). The same page in
 * the mobile shell.
 */
import { calls } from '@ac/protocol/calls';
import { HistoryOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Flex, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '@/components/form-error';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { useSecondFactorRetry } from '@/components/second-factor-modal';
import { useShellKind } from '@/components/shell-context';
import { StatusTag } from '@/components/status-tag';
import { RecoveryCodes } from '@/components/totp/recovery-codes';
import { paths } from '@/config/paths';
import { useCall, useCallMutation } from '@/lib/api/use-call';
import { formatDateTime } from '@/lib/format/date';
import { PasskeysCard } from '../components/passkeys-card';
import { TotpSetup } from '../components/totp-setup';
import { TurnOffForm } from '../components/turn-off-form';
import '@/components/totp/two-factor.css';

type View = 'status' | 'setup' | 'turnOff' | { codes: string[] };

export function TwoFactorPage() {
  const { t } = useTranslation(['security', 'common']);
  const status = useCall(calls.twoFactor.status, {});
  const renew = useCallMutation(calls.twoFactor.regenerateRecoveryCodes, { invalidates: [calls.twoFactor.status] });
  const secondFactor = useSecondFactorRetry();
  const [view, setView] = useState<View>('status');
  const back = () => setView('status');
  const renewCodes = () =>
    renew.mutate(
      {},
      {
        onSuccess: (a) => setView({ codes: a.recoveryCodes }),
        onError: (error) => void secondFactor.onError(error, renewCodes),
      },
    );
  const on = status.data?.enabled === true;
  const h5 = useShellKind() === 'h5';

  return (
    <>
      <PageHeader title={t('security.twoFactorTitle')} description={t('security.twoFactorDescription')} />
      <Card>
        <QueryErrorAlert query={status} />
        {status.isPending ? <Skeleton active /> : null}
        {status.data && typeof view === 'object' ? <RecoveryCodes codes={view.codes} onDone={back} /> : null}
        {status.data && view === 'setup' ? (
          <TotpSetup onEnabled={(codes) => setView({ codes })} onCancel={back} />
        ) : null}
        {status.data && view === 'turnOff' ? <TurnOffForm onCancel={back} /> : null}
        {status.data && view === 'status' ? (
          <Flex vertical gap={16} align="start">
            <Flex gap={8} align="center">
              <h2 className="two-factor-heading">{t('security.authenticatorApp')}</h2>
              <StatusTag tone={on ? 'success' : 'neutral'}>
                {on ? t('security.stateOn') : t('security.stateOff')}
              </StatusTag>
            </Flex>
            {on ? (
              <>
                <Descriptions
                  column={1}
                  size="small"
                  items={[
                    { key: 'since', label: t('security.onSince'), children: formatDateTime(status.data.enabledAt) },
                    {
                      key: 'left',
                      label: t('security.recoveryLeft'),
                      children: <span data-testid="recovery-left">{status.data.recoveryCodesLeft}</span>,
                    },
                  ]}
                />
                {status.data.recoveryCodesLeft <= 3 ? (
                  <Alert type="warning" showIcon title={t('security.recoveryLow')} />
                ) : null}
                <FormError error={renew.error} />
                <Flex gap={8} wrap>
                  <Button onClick={renewCodes} loading={renew.isPending}>
                    {t('security.recoveryRenew')}
                  </Button>
                  {status.data.requiredByCompany ? null : (
                    <Button danger onClick={() => setView('turnOff')}>
                      {t('security.turnOff')}
                    </Button>
                  )}
                </Flex>
                {status.data.requiredByCompany ? (
                  <Alert
                    type="info"
                    showIcon
                    title={t('security.requiredByCompany')}
                    data-testid="required-by-company"
                  />
                ) : null}
              </>
            ) : (
              <>
                <p style={{ margin: 0 }}>{t('security.offText')}</p>
                <Button type="primary" onClick={() => setView('setup')}>
                  {t('security.setUp')}
                </Button>
              </>
            )}
          </Flex>
        ) : null}
      </Card>
      <PasskeysCard />
      <Card style={{ marginTop: 16 }}>
        <Link to={h5 ? paths.h5Activity.path : paths.activity.path} data-testid="security-activity-link">
          <HistoryOutlined aria-hidden /> {t('security.activityLink')}
        </Link>
      </Card>
      {secondFactor.modal}
    </>
  );
}
