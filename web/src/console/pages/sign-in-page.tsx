/** Sign-in, step 1: email and password. */
import { consoleCalls } from '@ac/protocol/console/console-calls';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConsoleMutation } from '../api/console-api';
import { useErrorText } from '../components/error-text';
import { LanguageSelect } from '../components/language-select';

export function SignInPage({ failure }: { failure?: unknown }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const signIn = useConsoleMutation(consoleCalls.session.signIn);
  const error = signIn.error ?? failure;
  return (
    <CenteredCard title={t('signInTitle')}>
      <Form
        layout="vertical"
        requiredMark={false}
        onFinish={(v: { email: string; password: string }) => signIn.mutate(v)}
      >
        {error ? <Alert type="error" showIcon title={errorText(error)} style={{ marginBottom: 16 }} /> : null}
        <Form.Item name="email" label={t('email')} rules={[{ required: true, type: 'email' }]}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('password')} rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
          {t('signIn')}
        </Button>
      </Form>
    </CenteredCard>
  );
}

export function CenteredCard({ title, children }: { title: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5', padding: 24 }}>
      <div style={{ width: 380, maxWidth: '100%' }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 }}>
          <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
            {t('appName')}
          </Typography.Title>
          <LanguageSelect />
        </div>
        <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>}>{children}</Card>
      </div>
    </main>
  );
}
