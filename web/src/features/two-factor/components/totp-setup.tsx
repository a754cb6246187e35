/**
 * Setting up an authenticator app: the current password, then the QR code
 * and the secret to type in, confirmed by a code from the app; answers the
 * recovery codes to show once.
 */
import { calls } from '@ac/protocol/calls';
import type { TTotpStartResponse } from '@ac/protocol/two-factor';
import { Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form-error';
import { TotpConfirm } from '@/components/totp/totp-confirm';
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
    <TotpConfirm
      setup={setup}
      error={confirm.error}
      pending={confirm.isPending}
      onCode={(code) => confirm.mutate({ code }, { onSuccess: (a) => onEnabled(a.recoveryCodes) })}
      onCancel={onCancel}
    />
  );
}
