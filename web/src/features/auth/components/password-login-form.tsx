/** Account (email or mobile) and password. */
import { ZLoginRequest } from '@ac/protocol/session';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form-error';
import { useLogin } from '../api/login';
import { useJumpToNode } from '../hooks/use-jump-to-node';
import { useLoginSuccess } from '../hooks/use-login-success';

type Values = { account: string; password: string };

export function PasswordLoginForm() {
  const { t } = useTranslation(['auth', 'common']);
  const login = useLogin();
  const onSuccess = useLoginSuccess();
  const jumpToNode = useJumpToNode();

  // an account on another server node: the jump-node screen (overseas) names it and links there
  const onError = (error: unknown, values: Values) => void jumpToNode(error, values.account);
  const submit = (values: Values) => login.mutate(ZLoginRequest.parse(values), { onSuccess, onError });

  return (
    <Form<Values> name="login" layout="vertical" requiredMark={false} onFinish={submit} disabled={login.isPending}>
      <FormError error={login.error} />
      <Form.Item
        name="account"
        label={t('auth.account')}
        rules={[{ required: true, whitespace: true, message: t('auth.accountRequired') }]}
      >
        <Input autoComplete="username" placeholder={t('auth.accountPlaceholder')} size="large" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('auth.password')}
        rules={[{ required: true, message: t('auth.passwordRequired') }]}
      >
        <Input.Password autoComplete="current-password" size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
        {t('auth.submit')}
      </Button>
    </Form>
  );
}
