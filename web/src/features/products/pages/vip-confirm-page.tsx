/**
 * China /vip_confirm?goods=<goodsCode>: the page the CAD clients open to
 * confirm a membership purchase, then pay. Outside the shell and the
 * session gate: the plan shows to anyone; paying needs a login, which
 * comes back here (docs/decisions/0008-vip-confirm.md).
 */
import { calls } from '@ac/protocol/calls';
import { Card, Col, Divider, Flex, Row, Skeleton, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { useCall } from '@/lib/api/use-call';
import { goodsKey } from '@/lib/enum-keys';
import { useVisitorSession } from '../api/use-visitor-session';
import { VipCheckoutPanel } from '../components/vip-checkout-panel';
import { VipGoodsResult } from '../components/vip-goods-result';
import { VipPaidResult } from '../components/vip-paid-result';
import { VipPlanPicker } from '../components/vip-plan-picker';
import { VipPlanSummary } from '../components/vip-plan-summary';
import { findPlan, plansLike } from '../utils/plan-options';

export const GOODS_PARAM = 'goods';

type Paid = { product: string; newEnd: Date };

export function VipConfirmPage() {
  const { t } = useTranslation(['products', 'enums']);
  const [params, setParams] = useSearchParams();
  const goodsCode = (params.get(GOODS_PARAM) ?? '').trim();
  const catalog = useCall(calls.products.catalog, {}, { staleTime: 5 * 60_000, enabled: goodsCode !== '' });
  const session = useVisitorSession();
  const [paid, setPaid] = useState<Paid | null>(null);
  const { token } = theme.useToken();
  const plan = catalog.data ? findPlan(catalog.data.rows, goodsCode) : undefined;
  const plans = catalog.data && plan ? plansLike(catalog.data.rows, plan) : [];
  const wide = !paid && plans.length > 1;

  const choose = (code: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(GOODS_PARAM, code);
        return next;
      },
      { replace: true },
    );

  const body = () => {
    if (paid) return <VipPaidResult product={paid.product} newEnd={paid.newEnd} />;
    if (!goodsCode) return <VipGoodsResult goodsCode="" />;
    if (catalog.error) return <QueryErrorAlert query={catalog} />;
    if (!catalog.data) return <Skeleton active />;
    if (!plan) return <VipGoodsResult goodsCode={goodsCode} />;
    const picker = plans.length > 1;
    return (
      <Row gutter={[24, 20]}>
        {picker ? (
          <Col xs={24} md={13}>
            <section aria-labelledby="vip-plans-title">
              <Typography.Title level={2} id="vip-plans-title" style={{ fontSize: 16, margin: '0 0 12px' }}>
                {t('products.vipChoosePlan')}
              </Typography.Title>
              <VipPlanPicker plans={plans} value={plan.goodsCode} onChange={choose} />
            </section>
          </Col>
        ) : null}
        <Col xs={24} md={picker ? 11 : 24}>
          <div style={{ background: token.colorFillAlter, borderRadius: token.borderRadiusLG, padding: 16 }}>
            <VipPlanSummary plan={plan} />
            <Divider style={{ margin: '8px 0 16px' }} />
            <VipCheckoutPanel
              plan={plan}
              session={session}
              onPaid={(newEnd) =>
                setPaid({ product: t(goodsKey(plan.goodsCode), { defaultValue: plan.name }), newEnd })
              }
            />
          </div>
        </Col>
      </Row>
    );
  };

  return (
    <Flex justify="center" style={{ padding: '8px 0' }}>
      <Card
        style={{ width: '100%', maxWidth: wide ? 960 : 640 }}
        styles={{ body: { padding: 'clamp(16px, 4vw, 28px)' } }}
      >
        <header style={{ marginBottom: 20 }}>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {t('products.vipConfirmTitle')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0' }}>
            {t('products.vipConfirmDescription')}
          </Typography.Paragraph>
        </header>
        <div data-testid="vip-confirm">{body()}</div>
      </Card>
    </Flex>
  );
}
