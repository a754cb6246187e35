/**
 * Setting up an authenticator app: the current password, then the QR code
 * and the secret to type in, confirmed by a code from the app; answers the
 * recovery codes to show once.
 */
import { calls } from '@ac/protocol/calls';
import type { TTotpStartResponse } from '@ac/protocol/two-factor';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form-error';
import { useCallMutation } from '@/lib/api/use-call';

type Props = { onEnabled: (recoveryCodes: string[]) => void; onCancel: () => void };

export function TotpSetup({ onEnabled, onCancel }: Props) {
  const { t } = useTranslation(['security', 'common']);
  const start = useCallMutation(calls.twoFactor.startTotp);
  const confirm = useCallMutation(calls.twoFactor.confirmTotp, { invalidates: [calls.twoFactor.status] });
  const [setup, setSetup] = useState<TTotpStartResponse | null>(null);

  if (!setup) {
    return (
      <Form<{ password: string }>
        name="totpPassword"
        layout="vertical"
        style={{ maxWidth: 420 }}
        onFinish={(v) => start.mutate({ password: v.password }, { onSuccess: setSetup })}
      >
        <p>{t('security.totpPasswordText')}</p>
        <FormError error={start.error} />
        <Form.Item
          name="password"
          label={t('security.currentPassword')}
          rules={[{ required: true, message: t('common.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={start.isPending}>
            {t('security.totpContinue')}
          </Button>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
        </Flex>
      </Form>
    );
  }

  return (
    <Form<{ code: string }>
      name="totpConfirm"
      layout="vertical"
      onFinish={(v) => confirm.mutate({ code: v.code.trim() }, { onSuccess: (a) => onEnabled(a.recoveryCodes) })}
    >
      <ol className="totp-steps">
        <li>{t('security.totpStepInstall')}</li>
        <li>
          {t('security.totpStepScan')}
          <div className="totp-qr">
            <img src={setup.qrDataUrl} alt={t('security.totpQrAlt')} width={200} height={200} />
            <div>
              <div>{t('security.totpSecretLabel')}</div>
              <Typography.Text code copyable={{ text: setup.secret }} className="totp-secret" data-testid="totp-secret">
                {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
              </Typography.Text>
            </div>
          </div>
        </li>
        <li>{t('security.totpStepCode')}</li>
      </ol>
      <FormError error={confirm.error} />
      <Form.Item
        name="code"
        label={t('security.totpCode')}
        rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: t('security.totpCodeFormat') }]}
        style={{ maxWidth: 240 }}
      >
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={8} />
      </Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={confirm.isPending}>
          {t('security.totpTurnOn')}
        </Button>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
      </Flex>
    </Form>
  );
}
