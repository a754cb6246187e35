/**
 * The billing details printed on receipts (overseas build, main shell): name, address, ISO
 * country and VAT/GST id; later payments' receipts carry them, past ones keep theirs
 * (docs/product.md#receipts).
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { BILLING_COUNTRIES } from '@ac/protocol/receipts';
import { Button, Col, Form, Input, Row, Select, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotice } from '@/components/notice';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { useErrorText } from '@/components/use-error-text';
import { useCall, useCallMutation } from '@/lib/api/use-call';
import { countryOptions } from '@/lib/format/country';
import { BILLING_MAX, type BillingValues, billingPayload, billingValuesOf, billingViolation } from './billing-fields';

export function BillingForm() {
  const { t, i18n } = useTranslation(['profile', 'errors']);
  const notice = useNotice();
  const errorText = useErrorText();
  const [form] = Form.useForm<BillingValues>();
  const billing = useCall(calls.receipts.billing, {});
  const save = useCallMutation(calls.receipts.setBilling, { invalidates: [calls.receipts.billing] });
  const countries = useMemo(() => countryOptions(BILLING_COUNTRIES, i18n.language), [i18n.language]);

  if (!billing.data) return billing.isPending ? <Skeleton active /> : <QueryErrorAlert query={billing} />;
  const required = (message: string) => [{ required: true, whitespace: true, message }];
  const submit = (v: BillingValues) =>
    save.mutate(billingPayload(v), {
      onSuccess: () => notice.success(t('profile.billingSaved')),
      onError: (e) => notice.error(errorText(e)),
    });

  return (
    <Form
      form={form}
      // field ids billing_name, billing_line1…: apart from the profile form's on the same page
      name="billing"
      layout="vertical"
      initialValues={billingValuesOf(billing.data.billing)}
      onFinish={submit}
      data-testid="billing-form"
      style={{ maxWidth: 720 }}
    >
      <p className="plain-paragraph" style={{ marginTop: 0, color: 'rgba(0,0,0,0.65)' }}>
        {t('profile.billingHint')}
      </p>
      <Form.Item name="name" label={t('profile.billingName')} rules={required(t('profile.billingRequired'))}>
        <Input maxLength={BILLING_MAX.name} autoComplete="billing name" />
      </Form.Item>
      <Form.Item name="line1" label={t('profile.billingLine1')} rules={required(t('profile.billingRequired'))}>
        <Input maxLength={BILLING_MAX.line1} autoComplete="billing address-line1" />
      </Form.Item>
      <Form.Item name="line2" label={t('profile.billingLine2')}>
        <Input maxLength={BILLING_MAX.line2} autoComplete="billing address-line2" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="postalCode" label={t('profile.billingPostalCode')}>
            <Input maxLength={BILLING_MAX.postalCode} autoComplete="billing postal-code" />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="city" label={t('profile.billingCity')} rules={required(t('profile.billingRequired'))}>
            <Input maxLength={BILLING_MAX.city} autoComplete="billing address-level2" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="region" label={t('profile.billingRegion')}>
            <Input maxLength={BILLING_MAX.region} autoComplete="billing address-level1" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="country"
            label={t('profile.billingCountry')}
            rules={[{ required: true, message: t('errors.2600060') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={countries}
              data-testid="billing-country"
              aria-label={t('profile.billingCountry')}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="taxId"
        label={t('profile.billingTaxId')}
        extra={t('profile.billingTaxIdHint')}
        dependencies={['country']}
        rules={[
          ({ getFieldsValue }) => ({
            validator: () => {
              const code = billingViolation(getFieldsValue() as BillingValues);
              return code === Code.billingTaxIdInvalid
                ? Promise.reject(new Error(t('errors.2600061')))
                : Promise.resolve();
            },
          }),
        ]}
      >
        <Input maxLength={BILLING_MAX.taxId} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="billing-save">
        {t('profile.billingSave')}
      </Button>
    </Form>
  );
}
