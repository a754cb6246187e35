/**
 * The billing details printed on receipts in the mobile shell (overseas build): a line with what
 * is saved, and the form in its place while the member edits (docs/product.md#receipts).
 */
import { calls } from '@ac/protocol/calls';
import { BILLING_COUNTRIES, type TBillingDetails } from '@ac/protocol/receipts';
import { Button, Form, Input, List, Picker, Toast } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/use-error-text';
import { useCall, useCallMutation } from '@/lib/api/use-call';
import { countryNamer, countryOptions } from '@/lib/format/country';
import { BILLING_MAX, type BillingValues, billingPayload, billingValuesOf, billingViolation } from './billing-fields';

export function H5Billing() {
  const { t, i18n } = useTranslation('profile');
  const billing = useCall(calls.receipts.billing, {});
  const [editing, setEditing] = useState(false);
  const saved = billing.data?.billing;
  const name = countryNamer(i18n.language);
  if (editing && billing.data) return <H5BillingEdit billing={saved ?? null} onDone={() => setEditing(false)} />;
  return (
    <List header={t('profile.billingTitle')} data-testid="h5-billing">
      <List.Item
        description={saved ? `${saved.city}, ${name(saved.country)}` : t('profile.billingNone')}
        onClick={billing.data ? () => setEditing(true) : undefined}
        arrowIcon
      >
        {saved ? saved.name : t('profile.billingAdd')}
      </List.Item>
    </List>
  );
}

function H5BillingEdit({ billing, onDone }: { billing: TBillingDetails | null; onDone: () => void }) {
  const { t, i18n } = useTranslation(['profile', 'common', 'errors']);
  const errorText = useErrorText();
  const save = useCallMutation(calls.receipts.setBilling, { invalidates: [calls.receipts.billing] });
  const [country, setCountry] = useState(billing?.country ?? '');
  const [pickerOpen, setPickerOpen] = useState(false);
  const columns = useMemo(() => [countryOptions(BILLING_COUNTRIES, i18n.language)], [i18n.language]);
  const name = countryNamer(i18n.language);
  const required = [{ required: true, whitespace: true, message: t('profile.billingRequired') }];

  const submit = (v: BillingValues) => {
    const values = { ...v, country };
    const code = billingViolation(values);
    if (code) {
      Toast.show({ icon: 'fail', content: t(`errors.${code}`) });
      return;
    }
    save.mutate(billingPayload(values), {
      onSuccess: () => {
        Toast.show({ icon: 'success', content: t('profile.billingSaved') });
        onDone();
      },
      onError: (error) => Toast.show({ icon: 'fail', content: errorText(error) }),
    });
  };
  const field = (key: keyof typeof BILLING_MAX, label: string, rules?: typeof required) => (
    <Form.Item name={key} label={label} rules={rules}>
      <Input maxLength={BILLING_MAX[key]} aria-label={label} />
    </Form.Item>
  );

  return (
    <Form
      layout="horizontal"
      initialValues={billingValuesOf(billing)}
      onFinish={submit}
      data-testid="h5-billing-form"
      footer={
        <div style={{ display: 'flex', gap: 12 }}>
          <Button block onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button block type="submit" color="primary" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </div>
      }
    >
      <Form.Header>{t('profile.billingTitle')}</Form.Header>
      {field('name', t('profile.billingName'), required)}
      {field('line1', t('profile.billingLine1'), required)}
      {field('line2', t('profile.billingLine2'))}
      {field('postalCode', t('profile.billingPostalCode'))}
      {field('city', t('profile.billingCity'), required)}
      {field('region', t('profile.billingRegion'))}
      <Form.Item label={t('profile.billingCountry')} onClick={() => setPickerOpen(true)} arrowIcon>
        <span data-testid="h5-billing-country">{country ? name(country) : t('errors.2600060')}</span>
      </Form.Item>
      {field('taxId', t('profile.billingTaxId'))}
      <Picker
        columns={columns}
        visible={pickerOpen}
        value={[country]}
        onClose={() => setPickerOpen(false)}
        onConfirm={(value) => setCountry(String(value[0] ?? ''))}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
      />
    </Form>
  );
}
