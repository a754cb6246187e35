/** Adding a cash-out account (Alipay or bank card), proven by the cash password. */
import { calls } from '@ac/protocol/calls';
import {
  type TCashAccountType,
  type TSaveCashAccountInput,
  ZCashPassword,
  ZSaveCashAccountRequest,
} from '@ac/protocol/trade';
import { App, Checkbox, Form, Input, Radio } from 'antd';
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
  cashPassword: string;
};

const [alipay, bankCard] = ZSaveCashAccountRequest.options;

export function CashAccountModal({ open, onClose, first }: { open: boolean; onClose: () => void; first: boolean }) {
  const { t } = useTranslation('trade');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? 'alipay';
  const save = useTradeCall(calls.trade.saveCashAccount);

  const submit = (v: Values) => {
    const payload: TSaveCashAccountInput =
      v.type === 'bankCard'
        ? { ...v, type: 'bankCard', bankName: v.bankName ?? '' }
        : {
            type: 'alipay',
            account: v.account,
            holderName: v.holderName,
            isDefault: v.isDefault,
            cashPassword: v.cashPassword,
          };
    save.mutate(payload, {
      onSuccess: () => {
        onClose();
        void message.success(t('trade.accountSaved'));
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
      onClose={() => {
        save.reset();
        onClose();
      }}
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
      <Form.Item
        name="cashPassword"
        label={t('trade.cashPassword')}
        rules={requiredRules(t('trade.cashPasswordRule'), ZCashPassword)}
      >
        <Input.Password inputMode="numeric" maxLength={6} autoComplete="off" />
      </Form.Item>
    </EntryModal>
  );
}
