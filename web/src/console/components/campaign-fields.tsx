/** A coupon campaign's rules as the console shows them, and the fields of its create form. */
import type { TCampaign } from '@ac/protocol/console/coupon-shapes';
import { GOODS_CODES, REGIONS, regionSettings, type TRegion } from '@ac/protocol/enums';
import { DatePicker, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '@/components/status-tag';
import { money } from './format';

/** What one coupon of the campaign takes off: `5.00 USD` or `15 %`. */
export function campaignOff(c: Pick<TCampaign, 'amountOff' | 'percentOff'>): string {
  return c.amountOff ? money(c.amountOff.amount, c.amountOff.currency) : `${c.percentOff ?? 0} %`;
}

export function CampaignStateTag({ state }: { state: TCampaign['state'] }) {
  const { t } = useTranslation();
  const tone = state === 'running' ? 'success' : state === 'scheduled' ? 'info' : 'neutral';
  return <StatusTag tone={tone}>{t(`campaignState_${state}`)}</StatusTag>;
}

export type CampaignForm = {
  name: string;
  region: TRegion;
  kind: 'amount' | 'percent';
  /** Major units (5.00), sent in minor units. */
  amount?: number;
  percentOff?: number;
  goodsCodes?: string[];
  validity: [Dayjs, Dayjs];
  perUserLimit: number;
  totalLimit?: number | null;
  /** Major units; empty: no minimum. */
  minimum?: number | null;
};

const minor = (major: number | null | undefined) => Math.round((major ?? 0) * 100);

/** The create request of the form's values: dates from the first day's start to the last day's end. */
export function campaignRequest(v: CampaignForm & { reason: string }) {
  return {
    name: v.name,
    region: v.region,
    kind: v.kind,
    amountOff: v.kind === 'amount' ? minor(v.amount) : null,
    percentOff: v.kind === 'percent' ? (v.percentOff ?? null) : null,
    goodsCodes: (v.goodsCodes ?? []) as (typeof GOODS_CODES)[number][],
    validFrom: v.validity[0].startOf('day').toISOString(),
    validTo: v.validity[1].add(1, 'day').startOf('day').toISOString(),
    perUserLimit: v.perUserLimit,
    totalLimit: v.totalLimit ?? null,
    minCharge: minor(v.minimum),
    reason: v.reason,
  };
}

export function CampaignFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<CampaignForm>();
  const region = Form.useWatch('region', form);
  const kind = Form.useWatch('kind', form);
  const currency = regionSettings[(region ?? 'us') as TRegion].currency;
  return (
    <>
      <Form.Item name="name" label={t('campaignName')} rules={[{ required: true, whitespace: true, max: 120 }]}>
        <Input maxLength={120} />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item name="region" label={t('campaignRegion')} rules={[{ required: true }]}>
          <Select style={{ width: 180 }} options={REGIONS.map((r) => ({ value: r, label: t(`region_${r}`) }))} />
        </Form.Item>
        <Form.Item name="kind" label={t('campaignKind')} rules={[{ required: true }]}>
          <Radio.Group
            options={[
              { value: 'amount', label: t('campaignKind_amount') },
              { value: 'percent', label: t('campaignKind_percent') },
            ]}
          />
        </Form.Item>
        {kind === 'percent' ? (
          <Form.Item name="percentOff" label={t('campaignPercent')} rules={[{ required: true }]}>
            <InputNumber min={1} max={100} precision={0} suffix="%" />
          </Form.Item>
        ) : (
          <Form.Item name="amount" label={t('campaignAmount', { currency })} rules={[{ required: true }]}>
            <InputNumber min={0.01} max={1_000_000} precision={2} />
          </Form.Item>
        )}
      </Space>
      <Form.Item name="goodsCodes" label={t('campaignGoods')} extra={t('campaignGoodsHint')}>
        <Select mode="multiple" allowClear options={GOODS_CODES.map((g) => ({ value: g, label: g }))} />
      </Form.Item>
      <Form.Item name="validity" label={t('campaignValidity')} rules={[{ required: true }]}>
        <DatePicker.RangePicker disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item name="perUserLimit" label={t('campaignPerUser')} rules={[{ required: true }]}>
          <InputNumber min={1} max={1000} precision={0} />
        </Form.Item>
        <Form.Item name="totalLimit" label={t('campaignTotal')} extra={t('campaignTotalHint')}>
          <InputNumber min={1} max={10_000_000} precision={0} />
        </Form.Item>
        <Form.Item name="minimum" label={t('campaignMinimum', { currency })} extra={t('campaignMinimumHint')}>
          <InputNumber min={0} max={1_000_000} precision={2} />
        </Form.Item>
      </Space>
    </>
  );
}
