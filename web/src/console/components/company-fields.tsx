/** What the company screens share: the state tag, the seats text, and the seats and end date fields of their dialogs. */

import type { TConsoleCompany } from '@ac/protocol/console/sales-shapes';
import { GOODS_CODES, type TGoodsCode } from '@ac/protocol/enums';
import { Button, DatePicker, Form, InputNumber, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '@/components/status-tag';

export type SeatRow = { goodsCode: TGoodsCode; total?: number | null };

/** The seat rows of a dialog as a call takes them (an unfinished row left out). */
export const seatsOf = (rows: SeatRow[] | undefined) =>
  (rows ?? []).filter((s) => s?.goodsCode).map((s) => ({ goodsCode: s.goodsCode, total: s.total ?? 0 }));

/** Frozen, closed, pending, expired (past the end date) or granting. */
export function CompanyStateTag({
  company,
}: {
  company: Pick<TConsoleCompany, 'status' | 'freezeStatus' | 'granting'>;
}) {
  const { t } = useTranslation();
  if (company.freezeStatus === 'frozen') return <StatusTag tone="error">{t('companyFrozen')}</StatusTag>;
  if (company.status !== 'active') return <StatusTag tone="neutral">{t(`companyStatus_${company.status}`)}</StatusTag>;
  if (!company.granting) return <StatusTag tone="warning">{t('companyExpired')}</StatusTag>;
  return <StatusTag tone="success">{t('companyStatus_active')}</StatusTag>;
}

/** `ML2 1/5 · ML3 0/1`: used of total per goods code. */
export const seatsText = (seats: TConsoleCompany['seats']) =>
  seats.map((s) => `${s.goodsCode} ${s.used}/${s.total}`).join(' · ');

/** The end date as the server reads it: a date alone is the end of that day (UTC). */
export const endTimeOf = (d: Dayjs) => d.format('YYYY-MM-DD');

/** Rows of goods code and seat count (Form.List `seats`). */
export function SeatsField() {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('companySeats')} extra={t('companySeatsHint')}>
      <Form.List name="seats">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <Space key={f.key} align="baseline" style={{ display: 'flex', marginBottom: 4 }}>
                <Form.Item
                  name={[f.name, 'goodsCode']}
                  rules={[{ required: true, message: t('companyGoods') }]}
                  noStyle
                >
                  <Select
                    aria-label={t('companyGoods')}
                    placeholder={t('companyGoods')}
                    style={{ width: 220 }}
                    showSearch
                    options={GOODS_CODES.map((g) => ({ value: g, label: g }))}
                  />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'total']}
                  rules={[{ required: true, message: t('companySeatCount') }]}
                  noStyle
                >
                  <InputNumber aria-label={t('companySeatCount')} min={0} max={100000} precision={0} />
                </Form.Item>
                <Button type="link" onClick={() => remove(f.name)}>
                  {t('remove')}
                </Button>
              </Space>
            ))}
            <Button onClick={() => add({ total: 1 })}>{t('companyAddSeats')}</Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}

export function EndDateField({ required = true }: { required?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="endDate" label={t('companyEnd')} extra={t('companyEndHint')} rules={[{ required }]}>
      <DatePicker disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
    </Form.Item>
  );
}
