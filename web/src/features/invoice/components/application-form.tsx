/**
 * The invoice application of /invoice/create and /invoice/reCreate: type,
 * title (filled from a saved one, or from the current company header),
 * and the e-mail for the electronic copy.
 */
import { ZEmail } from '@ac/protocol/common';
import {
  type TInvoiceTitle,
  type TInvoiceTitleFields,
  type TInvoiceType,
  titleRuleViolation,
} from '@ac/protocol/invoice';
import { Button, Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form-error';
import { zodRule } from '@/lib/forms/zod-rule';
import { TitleFields, type TitleFormValues, titleOf } from './title-fields';

export type ApplicationValues = TitleFormValues & { type: TInvoiceType; email: string; titleId?: string };
export type Application = { type: TInvoiceType; title: TInvoiceTitleFields; email: string };

type Props = {
  titles: TInvoiceTitle[];
  initial: Partial<ApplicationValues>;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (application: Application, values: ApplicationValues) => void;
};

const fromTitle = (title: TInvoiceTitle) => ({
  titleId: title.id,
  kind: title.kind,
  name: title.name,
  taxNo: title.taxNo,
  address: title.address,
  phone: title.phone,
  bankName: title.bankName,
  bankAccount: title.bankAccount,
});

export function ApplicationForm({ titles, initial, submitLabel, pending, error, onSubmit }: Props) {
  const { t } = useTranslation(['invoice', 'errors']);
  const [form] = Form.useForm<ApplicationValues>();
  const type = Form.useWatch('type', form) ?? initial.type ?? 'ordinary';
  const kind = Form.useWatch('kind', form) ?? initial.kind ?? 'company';

  const submit = (values: ApplicationValues) => {
    const title = titleOf(values);
    const broken = titleRuleViolation(title, values.type);
    if (broken) {
      form.setFields([{ name: broken === '2100005' ? 'taxNo' : 'kind', errors: [t(`errors.${broken}`)] }]);
      return;
    }
    onSubmit({ type: values.type, title, email: values.email.trim() }, values);
  };

  return (
    <Form<ApplicationValues>
      form={form}
      layout="vertical"
      initialValues={{ type: 'ordinary', kind: 'company', ...initial }}
      onFinish={submit}
      onValuesChange={(changed: Partial<ApplicationValues>) => {
        if (changed.type === 'specialVat') form.setFieldsValue({ kind: 'company' });
      }}
      style={{ maxWidth: 560 }}
      data-testid="invoice-application-form"
    >
      <FormError error={error} />
      {titles.length > 0 ? (
        <Form.Item name="titleId" label={t('invoice.savedTitle')}>
          <Select
            allowClear
            placeholder={t('invoice.savedTitlePlaceholder')}
            options={titles.map((ti) => ({
              value: ti.id,
              label: ti.isDefault ? `${ti.name} (${t('invoice.default')})` : ti.name,
            }))}
            onChange={(id: string | undefined) => {
              const chosen = titles.find((ti) => ti.id === id);
              if (chosen) form.setFieldsValue(fromTitle(chosen));
            }}
          />
        </Form.Item>
      ) : null}
      <Form.Item name="type" label={t('invoice.type')} rules={[{ required: true }]}>
        <Radio.Group
          options={[
            { value: 'ordinary', label: t('invoice.typeOrdinary') },
            { value: 'specialVat', label: t('invoice.typeSpecialVat') },
          ]}
        />
      </Form.Item>
      <TitleFields type={type} kind={kind} />
      <Form.Item
        name="email"
        label={t('invoice.email')}
        extra={t('invoice.emailHint')}
        rules={[
          { required: true, whitespace: true, message: t('invoice.emailRequired') },
          zodRule(ZEmail, t('invoice.emailInvalid')),
        ]}
      >
        <Input type="email" autoComplete="email" maxLength={254} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Form>
  );
}

/** The initial values: a saved title (the chosen or default one), else the company header as a company title. */
export function initialApplication(
  titles: TInvoiceTitle[],
  draft: { type: TInvoiceType; titleId: string | null; companyHeader: { companyName: string } | null },
  email: string,
): Partial<ApplicationValues> {
  const saved = titles.find((ti) => ti.id === draft.titleId) ?? titles.find((ti) => ti.isDefault);
  if (saved) return { ...fromTitle(saved), type: draft.type, email };
  if (draft.companyHeader) return { kind: 'company', name: draft.companyHeader.companyName, type: draft.type, email };
  return { kind: 'personal', type: draft.type, email };
}
