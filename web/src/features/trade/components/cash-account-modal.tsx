/**
 * Adding a cash-out account (Alipay or bank card) in two steps: the cash password first, checked
 * by the server (checkCashPassword: a wrong one answers 1300002, the fifth in a row locks it for
 * 15 minutes, 1300003), then the account, saved with the password that passed. A save refused for
 * the password (locked or changed meanwhile) goes back to the first step with its message.
 */
import { errorCode } from '@ac/client';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import {
  type TCashAccountType,
  type TSaveCashAccountInput,
  ZCashPassword,
  ZSaveCashAccountRequest,
} from '@ac/protocol/trade';
import { App, Checkbox, Form, Input, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredRules } from '@/lib/forms/zod-rule';
import { useTradeCall } from '../api/trade-account';
import { EntryModal } from './entry-modal';

type Values = {
  type: TCashAccountType;
  account: string;
  holderName: string;
  bankName?: string;
  isDefault: boolean;
};
type CheckValues = { cashPassword: string };

const [alipay, bankCard] = ZSaveCashAccountRequest.options;
const PASSWORD_REFUSALS: readonly string[] = [Code.cashPasswordWrong, Code.cashPasswordLocked, Code.cashPasswordNotSet];

type StepProps = { open: boolean; first: boolean; cashPassword: string; onClose: () => void };

export function CashAccountModal({ open, onClose, first }: { open: boolean; onClose: () => void; first: boolean }) {
  const { t } = useTranslation('trade');
  const [checkForm] = Form.useForm<CheckValues>();
  const check = useTradeCall(calls.trade.checkCashPassword);
  /** The cash password the server accepted in the first step; null until then. */
  const [proven, setProven] = useState<string | null>(null);
  /** A save refused for the password (locked or changed meanwhile): shown back in the first step. */
  const [refusal, setRefusal] = useState<unknown>(null);

  const close = () => {
    setProven(null);
    setRefusal(null);
    check.reset();
    onClose();
  };

  const verify = ({ cashPassword }: CheckValues) => {
    setRefusal(null);
    check.mutate({ password: cashPassword }, { onSuccess: () => setProven(cashPassword) });
  };

  if (proven !== null) {
    return (
      <AccountStep
        open={open}
        first={first}
        cashPassword={proven}
        onClose={close}
        onPasswordRefused={(e) => {
          check.reset();
          setRefusal(e);
          setProven(null);
        }}
      />
    );
  }
  return (
    <EntryModal<CheckValues>
      open={open}
      title={t('trade.addCashAccount')}
      name="cashPasswordCheck"
      form={checkForm}
      okText={t('common.next')}
      pending={check.isPending}
      error={check.error ?? refusal}
      onSubmit={verify}
      onClose={close}
    >
      <Typography.Paragraph>{t('trade.cashPasswordStep')}</Typography.Paragraph>
      <Form.Item
        name="cashPassword"
        label={t('trade.cashPassword')}
        rules={requiredRules(t('trade.cashPasswordRule'), ZCashPassword)}
      >
        <Input.Password inputMode="numeric" maxLength={6} autoComplete="off" autoFocus />
      </Form.Item>
    </EntryModal>
  );
}

/** The second step: the account, saved with the cash password that passed (its own form, made when it shows). */
function AccountStep({
  open,
  first,
  cashPassword,
  onClose,
  onPasswordRefused,
}: StepProps & {
  onPasswordRefused: (error: unknown) => void;
}) {
  const { t } = useTranslation('trade');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? 'alipay';
  const save = useTradeCall(calls.trade.saveCashAccount);

  const submit = (v: Values) => {
    const payload: TSaveCashAccountInput =
      v.type === 'bankCard'
        ? { ...v, type: 'bankCard', bankName: v.bankName ?? '', cashPassword }
        : { type: 'alipay', account: v.account, holderName: v.holderName, isDefault: v.isDefault, cashPassword };
    save.mutate(payload, {
      onSuccess: () => {
        onClose();
        void message.success(t('trade.accountSaved'));
      },
      onError: (e) => {
        if (PASSWORD_REFUSALS.includes(errorCode(e))) onPasswordRefused(e);
      },
    });
  };

  return (
    <EntryModal<Values>
      open={open}
      title={t('trade.addCashAccount')}
      name="cashAccount"
      form={form}
      pending={save.isPending}
      error={save.error}
      initialValues={{ type: 'alipay', isDefault: first }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="type" label={t('trade.accountType')}>
        <Radio.Group
          options={[
            { value: 'alipay', label: t('trade.typeAlipay') },
            { value: 'bankCard', label: t('trade.typeBankCard') },
          ]}
        />
      </Form.Item>
      {type === 'bankCard' ? (
        <>
          <Form.Item
            name="account"
            label={t('trade.bankCardNumber')}
            rules={requiredRules(t('trade.bankCardRule'), bankCard.shape.account)}
          >
            <Input inputMode="numeric" maxLength={23} autoComplete="off" />
          </Form.Item>
          <Form.Item name="bankName" label={t('trade.bankName')} rules={requiredRules(t('trade.bankNameRequired'))}>
            <Input maxLength={64} />
          </Form.Item>
        </>
      ) : (
        <Form.Item
          name="account"
          label={t('trade.alipayAccount')}
          rules={requiredRules(t('trade.alipayRule'), alipay.shape.account)}
        >
          <Input maxLength={254} autoComplete="off" />
        </Form.Item>
      )}
      <Form.Item name="holderName" label={t('trade.holderName')} rules={requiredRules(t('trade.holderNameRequired'))}>
        <Input maxLength={64} autoComplete="name" />
      </Form.Item>
      <Form.Item name="isDefault" valuePropName="checked">
        <Checkbox>{t('trade.makeDefault')}</Checkbox>
      </Form.Item>
    </EntryModal>
  );
}
