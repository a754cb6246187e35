/**
 * The QR code and secret of a new authenticator app, and its first code: the
 * security page's setup (features/two-factor) and the enrolment a company
 * requires at sign-in (features/session) both show it.
 */
import type { TTotpStartResponse } from '@ac/protocol/two-factor';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form-error';
import './two-factor.css';

type ConfirmProps = {
  setup: TTotpStartResponse;
  error: unknown;
  pending: boolean;
  onCode: (code: string) => void;
  onCancel: () => void;
};

export function TotpConfirm({ setup, error, pending, onCode, onCancel }: ConfirmProps) {
  const { t } = useTranslation(['security', 'common']);
  return (
    <Form<{ code: string }> name="totpConfirm" layout="vertical" onFinish={(v) => onCode(v.code.trim())}>
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
      <FormError error={error} />
      <Form.Item
        name="code"
        label={t('security.totpCode')}
        rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: t('security.totpCodeFormat') }]}
        style={{ maxWidth: 240 }}
      >
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={8} />
      </Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={pending}>
          {t('security.totpTurnOn')}
        </Button>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
      </Flex>
    </Form>
  );
}
