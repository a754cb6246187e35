/**
 * The fields of an invoice title inside an antd Form: personal or company,
 * name, and for companies the tax number, address, phone, bank and account.
 * The checks are the protocol's (TAX_NO_RE, titleRuleViolation), so the form
 * refuses what the server would.
 */
import { TAX_NO_RE, type TInvoiceTitleKind, type TInvoiceType } from '@ac/protocol/invoice';
import type { FormRule } from 'antd';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';

export type TitleFormValues = {
  kind: TInvoiceTitleKind;
  name: string;
  taxNo?: string;
  address?: string;
  phone?: string;
  bankName?: string;
  bankAccount?: string;
};

/** Form rules of the company fields; a special VAT type (read when validating) makes the bank details required. */
export function useTitleRules(type: TInvoiceType) {
  const { t } = useTranslation(['invoice', 'errors']);
  const taxNo: FormRule = {
    validator: (_rule, value: string | undefined) =>
      TAX_NO_RE.test((value ?? '').trim().toUpperCase())
        ? Promise.resolve()
        : Promise.reject(new Error(t('errors.2100005'))),
  };
  const vat: FormRule[] = [
    ({ getFieldValue }) => ({
      validator: (_rule, value: string | undefined) =>
        (getFieldValue('type') ?? type) !== 'specialVat' || (value ?? '').trim() !== ''
          ? Promise.resolve()
          : Promise.reject(new Error(t('invoice.vatFieldRequired'))),
    }),
  ];
  return { taxNo, vat };
}

export function TitleFields({ type, kind }: { type: TInvoiceType; kind: TInvoiceTitleKind }) {
  const { t } = useTranslation('invoice');
  const rules = useTitleRules(type);
  const company = kind === 'company';
  return (
    <>
      <Form.Item name="kind" label={t('invoice.titleKind')} rules={[{ required: true }]}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'personal', label: t('invoice.kindPersonal'), disabled: type === 'specialVat' },
            { value: 'company', label: t('invoice.kindCompany') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={company ? t('invoice.companyName') : t('invoice.personalName')}
        rules={[{ required: true, whitespace: true, message: t('invoice.nameRequired') }, { max: 100 }]}
      >
        <Input autoComplete={company ? 'organization' : 'name'} maxLength={100} />
      </Form.Item>
      {company ? (
        <>
          <Form.Item
            name="taxNo"
            label={t('invoice.taxNo')}
            extra={t('invoice.taxNoHint')}
            rules={[rules.taxNo]}
            normalize={(v: string) => v.toUpperCase()}
          >
            <Input maxLength={20} spellCheck={false} />
          </Form.Item>
          <Form.Item name="address" label={t('invoice.address')} rules={[...rules.vat, { max: 200 }]}>
            <Input maxLength={200} autoComplete="street-address" />
          </Form.Item>
          <Form.Item name="phone" label={t('invoice.phone')} rules={[...rules.vat, { max: 30 }]}>
            <Input maxLength={30} autoComplete="tel" />
          </Form.Item>
          <Form.Item name="bankName" label={t('invoice.bankName')} rules={[...rules.vat, { max: 100 }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="bankAccount" label={t('invoice.bankAccount')} rules={[...rules.vat, { max: 40 }]}>
            <Input maxLength={40} spellCheck={false} />
          </Form.Item>
        </>
      ) : null}
    </>
  );
}

/** The title as the protocol takes it (company fields dropped for a personal title). */
export function titleOf(v: TitleFormValues) {
  const company = v.kind === 'company';
  const text = (s: string | undefined) => (company ? (s ?? '').trim() : '');
  return {
    kind: v.kind,
    name: v.name.trim(),
    taxNo: text(v.taxNo).toUpperCase(),
    address: text(v.address),
    phone: text(v.phone),
    bankName: text(v.bankName),
    bankAccount: text(v.bankAccount),
  };
}
