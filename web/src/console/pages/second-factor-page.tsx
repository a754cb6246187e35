/**
 * Sign-in, step 2: the second factor's code. The two-factor module's enrolment (a QR code for
 * TOTP, recovery codes) joins this page when it lands (docs/decisions/0038-operator-console.md).
 */
import { consoleCalls } from '@ac/protocol/console/console-calls';
import type { TStaffMe } from '@ac/protocol/console/console-shapes';
import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConsoleMutation } from '../api/console-api';
import { useErrorText } from '../components/error-text';
import { CenteredCard } from './sign-in-page';

export function SecondFactorPage({ me }: { me: TStaffMe }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const verify = useConsoleMutation(consoleCalls.session.secondFactor);
  const signOut = useConsoleMutation(consoleCalls.session.signOut);
  return (
    <CenteredCard title={t('secondFactorTitle')}>
      <Typography.Paragraph>
        {me.email} — {t('secondFactorHint')}
      </Typography.Paragraph>
      <Form layout="vertical" requiredMark={false} onFinish={(v: { code: string }) => verify.mutate(v)}>
        {verify.error ? (
          <Alert type="error" showIcon title={errorText(verify.error)} style={{ marginBottom: 16 }} />
        ) : null}
        <Form.Item name="code" label={t('secondFactorCode')} rules={[{ required: true, pattern: /^\d{6,8}$/ }]}>
          <Input inputMode="numeric" autoComplete="one-time-code" autoFocus maxLength={8} />
        </Form.Item>
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Button type="primary" htmlType="submit" loading={verify.isPending}>
            {t('verify')}
          </Button>
          <Button type="link" onClick={() => signOut.mutate({})}>
            {t('signOut')}
          </Button>
        </Space>
      </Form>
    </CenteredCard>
  );
}
