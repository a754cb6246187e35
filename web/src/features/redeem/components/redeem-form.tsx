/**
 * Use a redeem code: the code (required; trimmed; dashes and spaces are
 * fine), a preview in the confirmation dialog, then the exchange; the
 * result shows the membership's new expiry, a refusal its catalogue message.
 */
import { calls } from '@ac/protocol/calls';
import { type TRedeemExchangeResponse, type TRedeemPreviewResponse, ZRedeemCodeInput } from '@ac/protocol/commerce';
import { Alert, App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/use-error-text';
import { useCallMutation } from '@/lib/api/use-call';
import { PAYMENT_OUTCOMES } from '@/lib/checkout/payment-outcomes';
import { goodsKey } from '@/lib/enum-keys';
import { formatDate } from '@/lib/format/date';
import { zodRule } from '@/lib/forms/zod-rule';
import { RedeemPreviewDialog } from './redeem-preview-dialog';

type Values = { code: string };

export function RedeemForm() {
  const { t } = useTranslation(['redeem', 'enums']);
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<Values>();
  const preview = useCallMutation(calls.redeem.preview);
  const exchange = useCallMutation(calls.redeem.exchange, {
    // my codes, the current membership, and the product centre and orders (an exchange writes an order)
    invalidates: [calls.redeem.list, ...PAYMENT_OUTCOMES],
  });
  const [pending, setPending] = useState<{ code: string; preview: TRedeemPreviewResponse } | null>(null);
  const [done, setDone] = useState<TRedeemExchangeResponse | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const submit = ({ code }: Values) => {
    const trimmed = code.trim();
    setDone(null);
    setFailure(null);
    preview.mutate(
      { code: trimmed },
      { onSuccess: (p) => setPending({ code: trimmed, preview: p }), onError: setFailure },
    );
  };
  const confirm = () => {
    if (!pending) return;
    exchange.mutate(
      { code: pending.code },
      {
        onSuccess: (result) => {
          setPending(null);
          setDone(result);
          form.resetFields();
          void message.success(t('redeem.redeemed'));
        },
        onError: (error) => {
          setPending(null);
          setFailure(error);
        },
      },
    );
  };

  return (
    <>
      <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark style={{ maxWidth: 480 }}>
        <Form.Item
          name="code"
          label={t('redeem.codeLabel')}
          extra={t('redeem.codeHelp')}
          rules={[
            { required: true, whitespace: true, message: t('redeem.codeRequired') },
            zodRule(ZRedeemCodeInput, t('redeem.codeRequired')),
          ]}
        >
          <Input
            data-testid="redeem-input"
            autoComplete="off"
            spellCheck={false}
            placeholder="XXXX-XXXX-XXXX-XXXX-XX"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={preview.isPending} data-testid="redeem-submit">
          {t('redeem.redeem')}
        </Button>
      </Form>
      {failure ? (
        <Alert type="error" showIcon title={errorText(failure)} style={{ marginTop: 16 }} data-testid="redeem-error" />
      ) : null}
      {done ? (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 16 }}
          data-testid="redeem-success"
          title={t('redeem.redeemed')}
          description={t('redeem.newExpiry', {
            goods: t(goodsKey(done.vipInfo.goodsCode), { defaultValue: done.vipInfo.name }),
            date: formatDate(done.vipInfo.endTime),
          })}
        />
      ) : null}
      {pending ? (
        <RedeemPreviewDialog
          preview={pending.preview}
          confirming={exchange.isPending}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </>
  );
}
