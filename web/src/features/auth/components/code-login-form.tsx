/** Login with a 6-digit code sent by mail (overseas) or SMS (China), through the shared send-code button. */
import { ZEmail, ZMobile } from '@ac/protocol/common';
import { ZLoginByCodeRequest } from '@ac/protocol/session';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeField } from '@/components/code-field';
import { FormError } from '@/components/form-error';
import { zodRule } from '@/lib/forms/zod-rule';
import { useLoginByCode } from '../api/login-by-code';
import { useJumpToNode } from '../hooks/use-jump-to-node';
import { useLoginSuccess } from '../hooks/use-login-success';

type Values = { account: string; code: string };

export function CodeLoginForm({ channel }: { channel: 'email' | 'sms' }) {
  const { t } = useTranslation(['auth', 'common']);
  const [form] = Form.useForm<Values>();
  const login = useLoginByCode();
  const onSuccess = useLoginSuccess();
  const jumpToNode = useJumpToNode();
  const failure = login.error;
  const target = () =>
    form
      .validateFields(['account'])
      .then((v) => v.account)
      .catch(() => undefined);
  const submit = (values: Values) =>
    login.mutate(ZLoginByCodeRequest.parse({ account: values.account, code: values.code.trim() }), {
      onSuccess,
      onError: (error) => void jumpToNode(error, values.account),
    });

  const accountLabel = channel === 'email' ? t('auth.email') : t('auth.mobile');
  return (
    <Form<Values> form={form} name="codeLogin" layout="vertical" requiredMark={false} onFinish={submit}>
      <FormError error={failure} />
      <Form.Item
        name="account"
        label={accountLabel}
        rules={[
          { required: true, whitespace: true, message: t('auth.accountRequired') },
          zodRule(channel === 'email' ? ZEmail : ZMobile, t('auth.accountFormat')),
        ]}
      >
        <Input
          size="large"
          autoComplete={channel === 'email' ? 'email' : 'tel'}
          inputMode={channel === 'email' ? 'email' : 'tel'}
        />
      </Form.Item>
      <CodeField
        inputId="codeLogin_code"
        channel={channel}
        purpose="login"
        size="large"
        getTarget={target}
        onError={jumpToNode}
      />
      <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
        {t('auth.submit')}
      </Button>
    </Form>
  );
}
