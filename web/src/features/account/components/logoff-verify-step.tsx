/**
 * Step 2 of account deletion: choose SMS or email (only those the user has),
 * send the code (purpose cancelAccount), enter it, confirm once more; then
 * the session ends and the login page says so (lib/session/login-notice.ts).
 */
import { calls } from '@ac/protocol/calls';
import { formatMobile } from '@ac/protocol/mobile-display';
import type { TCancelAccountRequest, TUserDetail } from '@ac/protocol/profile';
import { App, Button, Flex, Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeField } from '@/components/code-field';
import { FormError } from '@/components/form-error';
import { useCallMutation } from '@/lib/api/use-call';
import { navigateTo } from '@/lib/navigation';
import { clearSession } from '@/lib/session/clear-session';
import { leaveLoginNotice } from '@/lib/session/login-notice';
import { LOGIN_PATH } from '@/lib/session/login-path';

type Channel = TCancelAccountRequest['channel'];
type Values = { channel: Channel; code: string };

export function LogoffVerifyStep({ detail, onBack }: { detail: TUserDetail; onBack: () => void }) {
  const { t } = useTranslation(['security', 'common']);
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const cancel = useCallMutation(calls.account.cancel);
  const channels: { value: Channel; label: string }[] = [
    ...(detail.mobile
      ? [{ value: 'sms' as const, label: t('security.channelSms', { target: formatMobile(detail.mobile) }) }]
      : []),
    ...(detail.email ? [{ value: 'email' as const, label: t('security.channelEmail', { target: detail.email }) }] : []),
  ];
  const channel = Form.useWatch('channel', form) ?? channels[0]?.value;

  const submit = (v: Values) =>
    modal.confirm({
      title: t('security.logoffConfirmTitle'),
      content: t('security.logoffConfirmText'),
      okText: t('security.logoffConfirmOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        cancel.mutateAsync({ agree: true, code: v.code.trim(), channel: v.channel }).then(() => {
          clearSession();
          leaveLoginNotice({ text: t('security.logoffDone'), seconds: 5 });
          navigateTo(LOGIN_PATH, { replace: true });
        }),
    });

  return (
    <Form<Values>
      form={form}
      name="logoff"
      layout="vertical"
      style={{ maxWidth: 480 }}
      initialValues={{ channel: channels[0]?.value }}
      onFinish={submit}
    >
      <FormError error={cancel.error} />
      <Form.Item name="channel" label={t('security.channel')}>
        <Radio.Group options={channels} />
      </Form.Item>
      <CodeField
        inputId="logoff_code"
        channel={channel ?? 'email'}
        purpose="cancelAccount"
        getTarget={() => (channel === 'sms' ? detail.mobile : detail.email) ?? undefined}
        testId="logoff-send-code"
      />
      <Flex gap={8}>
        <Button onClick={onBack}>{t('common.back')}</Button>
        <Button type="primary" danger htmlType="submit" loading={cancel.isPending}>
          {t('security.logoffSubmit')}
        </Button>
      </Flex>
    </Form>
  );
}
