/**
 * Sign-in, step 2 (docs/decisions/0038-operator-console.md): a staff member with an authenticator
 * app enters its code or a recovery code; one without sets one up first — a QR code and its key,
 * a confirming code, then ten recovery codes shown once, after which the session is complete.
 */
import { consoleCalls } from '@ac/protocol/console/console-calls';
import type { TStaffMe } from '@ac/protocol/console/console-shapes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { consoleCall, useConsoleMutation } from '../api/console-api';
import { useErrorText } from '../components/error-text';
import { CenteredCard } from './sign-in-page';

export function SecondFactorPage({ me }: { me: TStaffMe }) {
  return me.stage === 'enrolSecondFactor' ? <EnrolSecondFactor me={me} /> : <EnterSecondFactor me={me} />;
}

function SignOutLink() {
  const { t } = useTranslation();
  const signOut = useConsoleMutation(consoleCalls.session.signOut);
  return (
    <Button type="link" onClick={() => signOut.mutate({})}>
      {t('signOut')}
    </Button>
  );
}

function EnterSecondFactor({ me }: { me: TStaffMe }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const verify = useConsoleMutation(consoleCalls.session.secondFactor);
  return (
    <CenteredCard title={t('secondFactorTitle')}>
      <Typography.Paragraph>
        {me.email} — {t('secondFactorHint')}
      </Typography.Paragraph>
      <Form layout="vertical" requiredMark={false} onFinish={(v: { code: string }) => verify.mutate(v)}>
        {verify.error ? (
          <Alert type="error" showIcon title={errorText(verify.error)} style={{ marginBottom: 16 }} />
        ) : null}
        <Form.Item
          name="code"
          label={t('secondFactorCode')}
          extra={t('secondFactorRecoveryHint')}
          rules={[{ required: true, whitespace: true, min: 6, max: 32 }]}
        >
          <Input autoComplete="one-time-code" autoFocus maxLength={32} />
        </Form.Item>
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Button type="primary" htmlType="submit" loading={verify.isPending}>
            {t('verify')}
          </Button>
          <SignOutLink />
        </Space>
      </Form>
    </CenteredCard>
  );
}

/**
 * Neither call refreshes the session's `me` on its own: the recovery codes stay on screen until
 * the staff member says they are saved, and only then does the console open.
 */
function EnrolSecondFactor({ me }: { me: TStaffMe }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const client = useQueryClient();
  const start = useMutation({ mutationFn: () => consoleCall(consoleCalls.session.enrolStart, {}) });
  const confirm = useMutation({
    mutationFn: (v: { code: string }) => consoleCall(consoleCalls.session.enrolConfirm, v),
  });

  if (confirm.data) {
    return (
      <CenteredCard title={t('recoveryCodesTitle')}>
        <Alert type="warning" showIcon title={t('recoveryCodesHint')} style={{ marginBottom: 16 }} />
        <ul aria-label={t('recoveryCodesTitle')} style={{ columns: 2, fontFamily: 'monospace', paddingLeft: 20 }}>
          {confirm.data.recoveryCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Button onClick={() => navigator.clipboard?.writeText(confirm.data.recoveryCodes.join('\n'))}>
            {t('copyCodes')}
          </Button>
          <Button type="primary" onClick={() => client.invalidateQueries({ queryKey: ['console'] })}>
            {t('recoveryCodesSaved')}
          </Button>
        </Space>
      </CenteredCard>
    );
  }

  return (
    <CenteredCard title={t('enrolTitle')}>
      <Typography.Paragraph>
        {me.email} — {t('enrolHint')}
      </Typography.Paragraph>
      {start.error ? <Alert type="error" showIcon title={errorText(start.error)} style={{ marginBottom: 16 }} /> : null}
      {start.data ? (
        <Form layout="vertical" requiredMark={false} onFinish={(v: { code: string }) => confirm.mutate(v)}>
          <div style={{ textAlign: 'center' }}>
            <img src={start.data.qrDataUrl} alt={t('enrolQrAlt')} width={200} height={200} />
          </div>
          <Typography.Paragraph>
            {t('enrolKey')}{' '}
            <Typography.Text code copyable data-testid="enrol-key">
              {start.data.secret}
            </Typography.Text>
          </Typography.Paragraph>
          {confirm.error ? (
            <Alert type="error" showIcon title={errorText(confirm.error)} style={{ marginBottom: 16 }} />
          ) : null}
          <Form.Item name="code" label={t('enrolCode')} rules={[{ required: true, pattern: /^\d{6}$/ }]}>
            <Input inputMode="numeric" autoComplete="one-time-code" autoFocus maxLength={6} />
          </Form.Item>
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Button type="primary" htmlType="submit" loading={confirm.isPending}>
              {t('enrolConfirm')}
            </Button>
            <SignOutLink />
          </Space>
        </Form>
      ) : (
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Button type="primary" loading={start.isPending} onClick={() => start.mutate()}>
            {t('enrolStart')}
          </Button>
          <SignOutLink />
        </Space>
      )}
    </CenteredCard>
  );
}
