/** A redeem-code order with its codes: state, who redeemed it and when, the CSV, and handing a code to a member. */
import { calls } from '@ac/protocol/calls';
import type { TRedeemOrderCode } from '@ac/protocol/commerce';
import { redeemCodesCsvPath } from '@ac/protocol/http-paths';
import { App, Button, Descriptions, Drawer, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { ResponsiveTable } from '@/components/responsive-table';
import { useErrorText } from '@/components/use-error-text';
import { downloadUrl } from '@/lib/api/api-client';
import { useCall, useCallMutation } from '@/lib/api/use-call';
import { goodsKey } from '@/lib/enum-keys';
import { formatDateTime } from '@/lib/format/date';
import { formatMoney } from '@/lib/format/money';
import { RedeemOrderStatusTag } from './redeem-order-status-tag';
import { RedeemStateTag } from './redeem-state-tag';

type Props = { orderNo: string; mayHandOver: boolean; onClose: () => void };

function HandOver({ orderNo, code }: { orderNo: string; code: TRedeemOrderCode }) {
  const { t } = useTranslation('redeem');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const handOver = useCallMutation(calls.redeem.handOver, { invalidates: [calls.redeem.orderDetail] });
  const [email, setEmail] = useState('');
  const send = async () => {
    try {
      await handOver.mutateAsync({ orderNo, serialNo: code.serialNo, email });
      void message.success(t('redeem.handOverSent', { email }));
      setEmail('');
    } catch (error) {
      void message.error(errorText(error));
    }
  };
  return (
    <Space.Compact style={{ width: 280, maxWidth: '100%' }}>
      <Input
        size="small"
        type="email"
        placeholder={t('redeem.handOverPlaceholder')}
        aria-label={t('redeem.handOverPlaceholder')}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button size="small" loading={handOver.isPending} disabled={!email.includes('@')} onClick={() => void send()}>
        {t('redeem.handOver')}
      </Button>
    </Space.Compact>
  );
}

export function RedeemOrderDrawer({ orderNo, mayHandOver, onClose }: Props) {
  const { t, i18n } = useTranslation(['redeem', 'enums']);
  const detail = useCall(calls.redeem.orderDetail, { orderNo });
  const d = detail.data;
  return (
    <Drawer open width="min(960px, 100vw)" title={t('redeem.orderDetailTitle')} onClose={onClose}>
      <div data-testid="redeem-order-detail" data-order-no={orderNo}>
        <QueryErrorAlert query={detail} />
        {d ? (
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
              <Descriptions.Item label={t('redeem.orderNo')}>{d.orderNo}</Descriptions.Item>
              <Descriptions.Item label={t('redeem.status')}>
                <RedeemOrderStatusTag status={d.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('redeem.category')}>
                {t(goodsKey(d.goodsCode), { defaultValue: d.goodsName })}
              </Descriptions.Item>
              <Descriptions.Item label={t('redeem.codeDays')}>
                {t('redeem.daysValue', { days: d.durationDays })}
              </Descriptions.Item>
              <Descriptions.Item label={t('redeem.quantity')}>{d.quantity}</Descriptions.Item>
              <Descriptions.Item label={t('redeem.payAmount')}>
                {formatMoney(d.payAmount, i18n.language)}
              </Descriptions.Item>
              <Descriptions.Item label={t('redeem.refundAmount')}>
                <span data-testid="redeem-order-refund">{formatMoney(d.refundAmount, i18n.language)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('redeem.payTime')}>{formatDateTime(d.payTime)}</Descriptions.Item>
            </Descriptions>
            <Space wrap>
              <Typography.Text strong>{t('redeem.codesTitle', { n: d.codes.length })}</Typography.Text>
              {d.codes.length > 0 ? (
                <Button href={downloadUrl(redeemCodesCsvPath(d.orderNo))} download data-testid="redeem-codes-csv">
                  {t('redeem.downloadCsv')}
                </Button>
              ) : null}
            </Space>
            <ResponsiveTable<TRedeemOrderCode>
              size="small"
              rows={d.codes}
              rowKey="serialNo"
              pageSize={20}
              label={t('redeem.codesTitle', { n: d.codes.length })}
              testId="redeem-order-codes"
              emptyText={t('redeem.codesEmpty')}
              columns={[
                {
                  title: t('redeem.code'),
                  key: 'code',
                  render: (_, c) => (
                    <Typography.Text copyable code data-testid="redeem-order-code">
                      {c.code}
                    </Typography.Text>
                  ),
                },
                { title: t('redeem.state'), key: 'state', render: (_, c) => <RedeemStateTag state={c.state} /> },
                { title: t('redeem.useAccount'), key: 'useAccount', render: (_, c) => c.useAccount ?? '—' },
                { title: t('redeem.redeemTime'), key: 'redeemTime', render: (_, c) => formatDateTime(c.redeemTime) },
                ...(mayHandOver
                  ? [
                      {
                        title: t('redeem.handOver'),
                        key: 'handOver',
                        render: (_: unknown, c: TRedeemOrderCode) =>
                          c.state === 'unused' ? (
                            <Space direction="vertical" size={2}>
                              {c.handedTo ? (
                                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                                  {t('redeem.handedTo', { email: c.handedTo })}
                                </Typography.Text>
                              ) : null}
                              <HandOver orderNo={d.orderNo} code={c} />
                            </Space>
                          ) : null,
                      },
                    ]
                  : []),
              ]}
            />
          </Space>
        ) : null}
      </div>
    </Drawer>
  );
}
