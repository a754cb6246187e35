/** The cash password: set the first one, or change it with the current one (5 wrong tries lock it for 15 minutes). */
import { calls } from '@ac/protocol/calls';
import { ZCashPassword } from '@ac/protocol/trade';
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form-error';
import { requiredRules } from '@/lib/forms/zod-rule';
import { useTradeCall } from '../api/trade-account';

type Values = { oldPassword?: string; password: string; confirm: string };

export function CashPasswordCard({ isSet }: { isSet: boolean }) {
  const { t } = useTranslation('trade');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useTradeCall(calls.trade.setCashPassword);
  const rules = requiredRules(t('trade.cashPasswordRule'), ZCashPassword);
  const digits = { inputMode: 'numeric' as const, maxLength: 6, autoComplete: 'off' };

  const submit = (v: Values) =>
    save.mutate(
      { password: v.password, ...(isSet ? { oldPassword: v.oldPassword } : {}) },
      {
        onSuccess: () => {
          form.resetFields();
          void message.success(t('trade.cashPasswordSaved'));
        },
      },
    );

  return (
    <Card title={t('trade.cashPassword')} style={{ marginBottom: 16 }}>
      <Typography.Paragraph data-testid="cash-password-state">
        {isSet ? t('trade.cashPasswordIsSet') : t('trade.cashPasswordNone')}{' '}
        <Typography.Text type="secondary">{t('trade.cashPasswordLockNote')}</Typography.Text>
      </Typography.Paragraph>
      <Form<Values> form={form} name="cashPassword" layout="vertical" style={{ maxWidth: 360 }} onFinish={submit}>
        <FormError error={save.error} />
        {isSet ? (
          <Form.Item name="oldPassword" label={t('trade.oldCashPassword')} rules={rules}>
            <Input.Password {...digits} />
          </Form.Item>
        ) : null}
        <Form.Item name="password" label={t('trade.newCashPassword')} rules={rules}>
          <Input.Password {...digits} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('trade.confirmCashPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('trade.cashPasswordRule') },
            ({ getFieldValue }) => ({
              validator: (_r, v?: string) =>
                !v || v === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('trade.cashPasswordMismatch'))),
            }),
          ]}
        >
          <Input.Password {...digits} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {isSet ? t('trade.changeCashPassword') : t('trade.setCashPassword')}
        </Button>
      </Form>
    </Card>
  );
}
