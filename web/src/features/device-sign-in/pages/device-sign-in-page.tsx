/**
 * Device sign-in (docs/protocol.md#device-sign-in): the signed-in user enters
 * the code a CAD client shows (or follows its link with `?code=`), sees which
 * client asks, from which address and when, and approves or denies it.
 * Approving asks for a second factor when the last one is older than 10
 * minutes. The same page in the mobile shell.
 */
import { calls } from '@ac/protocol/calls';
import { formatUserCode, type TDeviceSignInRequestView, ZUserCode } from '@ac/protocol/device-sign-in';
import { Alert, Button, Card, Descriptions, Flex, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormError } from '@/components/form-error';
import { PageHeader } from '@/components/page-header';
import { useSecondFactorRetry } from '@/components/second-factor-modal';
import { useCallMutation } from '@/lib/api/use-call';
import { formatDateTime } from '@/lib/format/date';

type View = { step: 'enter' } | { step: 'review'; request: TDeviceSignInRequestView } | { step: 'approved' | 'denied' };

export function DeviceSignInPage() {
  const { t } = useTranslation(['security', 'common']);
  const [params] = useSearchParams();
  const [code, setCode] = useState(() => formatUserCode(params.get('code') ?? ''));
  const [view, setView] = useState<View>({ step: 'enter' });
  const lookup = useCallMutation(calls.deviceSignIn.lookup);
  const approve = useCallMutation(calls.deviceSignIn.approve);
  const deny = useCallMutation(calls.deviceSignIn.deny);
  const secondFactor = useSecondFactorRetry();
  const valid = ZUserCode.safeParse(code).success;

  const find = () => {
    if (valid) lookup.mutate({ userCode: code }, { onSuccess: (request) => setView({ step: 'review', request }) });
  };
  const doApprove = (userCode: string) =>
    approve.mutate(
      { userCode },
      {
        onSuccess: () => setView({ step: 'approved' }),
        onError: (error) => void secondFactor.onError(error, () => doApprove(userCode)),
      },
    );
  const doDeny = (userCode: string) => deny.mutate({ userCode }, { onSuccess: () => setView({ step: 'denied' }) });
  const again = () => {
    setCode('');
    lookup.reset();
    approve.reset();
    deny.reset();
    setView({ step: 'enter' });
  };

  return (
    <>
      <PageHeader title={t('security.deviceTitle')} description={t('security.deviceDescription')} />
      <Card>
        {view.step === 'enter' ? (
          <Form layout="vertical" onFinish={find} style={{ maxWidth: 420 }}>
            <p>{t('security.deviceEnterText')}</p>
            <FormError error={lookup.error} />
            <Form.Item label={t('security.deviceCode')} htmlFor="device-user-code">
              <Input
                id="device-user-code"
                value={code}
                onChange={(e) => setCode(e.target.value.toUpperCase())}
                placeholder="XXXX-XXXX"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={16}
                size="large"
                style={{ fontFamily: 'monospace', letterSpacing: 2 }}
                autoFocus
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" disabled={!valid} loading={lookup.isPending}>
              {t('common.next')}
            </Button>
          </Form>
        ) : null}
        {view.step === 'review' ? (
          <Flex vertical gap={16} align="start" style={{ maxWidth: 560 }}>
            <p style={{ margin: 0 }}>{t('security.deviceReviewText')}</p>
            <Descriptions
              column={1}
              size="small"
              bordered
              style={{ width: '100%' }}
              items={[
                {
                  key: 'code',
                  label: t('security.deviceCode'),
                  children: <strong data-testid="device-user-code">{view.request.userCode}</strong>,
                },
                {
                  key: 'client',
                  label: t('security.deviceClient'),
                  children: (
                    <span data-testid="device-client">
                      {view.request.clientType} {view.request.clientVersion}
                    </span>
                  ),
                },
                {
                  key: 'name',
                  label: t('security.deviceName'),
                  children: <span data-testid="device-name">{view.request.deviceName}</span>,
                },
                { key: 'ip', label: t('security.deviceIp'), children: view.request.ip ?? '-' },
                {
                  key: 'at',
                  label: t('security.deviceRequestedAt'),
                  children: formatDateTime(view.request.requestedAt),
                },
              ]}
            />
            <Alert type="warning" showIcon title={t('security.deviceWarning')} />
            <FormError error={approve.error ?? deny.error} />
            <Flex gap={8} wrap>
              <Button
                type="primary"
                onClick={() => doApprove(view.request.userCode)}
                loading={approve.isPending}
                disabled={deny.isPending}
              >
                {t('security.deviceApprove')}
              </Button>
              <Button
                danger
                onClick={() => doDeny(view.request.userCode)}
                loading={deny.isPending}
                disabled={approve.isPending}
              >
                {t('security.deviceDeny')}
              </Button>
              <Button type="link" onClick={again}>
                {t('security.deviceOtherCode')}
              </Button>
            </Flex>
          </Flex>
        ) : null}
        {view.step === 'approved' || view.step === 'denied' ? (
          <Result
            status={view.step === 'approved' ? 'success' : 'info'}
            title={t(view.step === 'approved' ? 'security.deviceApproved' : 'security.deviceDenied')}
            subTitle={t(view.step === 'approved' ? 'security.deviceApprovedText' : 'security.deviceDeniedText')}
            extra={<Button onClick={again}>{t('security.deviceOtherCode')}</Button>}
          />
        ) : null}
      </Card>
      {secondFactor.modal}
    </>
  );
}
