/**
 * Turning two-step verification off: with a code from the app or a recovery
 * code, or with the password (which asks for a second factor when the last
 * one is older than 10 minutes).
 */
import { calls } from '@ac/protocol/calls';
import type { TTwoFactorDisableRequest } from '@ac/protocol/two-factor';
import { App, Button, Flex, Form, Input, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form-error';
import { useSecondFactorRetry } from '@/components/second-factor-modal';
import { useCallMutation } from '@/lib/api/use-call';

type Props = { onCancel: () => void };

export function TurnOffForm({ onCancel }: Props) {
  const { t } = useTranslation(['security', 'common']);
  const { message } = App.useApp();
  const [by, setBy] = useState<'code' | 'password'>('code');
  const disable = useCallMutation(calls.twoFactor.disable, { invalidates: [calls.twoFactor.status] });
  const secondFactor = useSecondFactorRetry();

  const submit = (payload: TTwoFactorDisableRequest) =>
    disable.mutate(payload, {
      onSuccess: () => void message.success(t('security.twoFactorTurnedOff')),
      onError: (error) => void secondFactor.onError(error, () => submit(payload)),
    });

  return (
    <Form<{ code?: string; password?: string }>
      name="twoFactorOff"
      layout="vertical"
      style={{ maxWidth: 420 }}
      onFinish={(v) => submit(by === 'code' ? { code: (v.code ?? '').trim() } : { password: v.password ?? '' })}
    >
      <p>{t('security.turnOffText')}</p>
      <Segmented
        value={by}
        onChange={(v) => setBy(v as 'code' | 'password')}
        options={[
          { value: 'code', label: t('security.turnOffByCode') },
          { value: 'password', label: t('security.turnOffByPassword') },
        ]}
        style={{ marginBottom: 16 }}
      />
      <FormError error={disable.error} />
      {by === 'code' ? (
        <Form.Item
          name="code"
          label={t('common.secondFactorCode')}
          rules={[{ required: true, message: t('security.codeRequired') }]}
        >
          <Input autoComplete="one-time-code" placeholder={t('common.secondFactorPlaceholder')} />
        </Form.Item>
      ) : (
        <Form.Item
          name="password"
          label={t('security.currentPassword')}
          rules={[{ required: true, message: t('common.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      )}
      <Flex gap={8}>
        <Button danger type="primary" htmlType="submit" loading={disable.isPending}>
          {t('security.turnOff')}
        </Button>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
      </Flex>
      {secondFactor.modal}
    </Form>
  );
}
