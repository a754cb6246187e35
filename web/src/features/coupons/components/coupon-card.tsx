/** One coupon: what it takes off, what it applies to, its code, validity and uses left (or the order that used it). */
import type { TCoupon } from '@ac/protocol/coupons';
import { Card, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '@/components/status-tag';
import { couponGoodsText, couponOffText } from '@/lib/format/coupon';
import { formatDateTime } from '@/lib/format/date';

const tabTone: Record<TCoupon['tab'], StatusTone> = { unused: 'success', used: 'info', expired: 'neutral' };

export function CouponCard({ coupon }: { coupon: TCoupon }) {
  const { t, i18n } = useTranslation(['coupons', 'common', 'enums']);
  const upcoming = coupon.tab === 'unused' && new Date(coupon.validFrom) > new Date();
  const items = [
    {
      key: 'code',
      label: t('coupons.code'),
      children: (
        <Typography.Text code copyable={{ text: coupon.code }}>
          {coupon.code}
        </Typography.Text>
      ),
    },
    { key: 'goods', label: t('coupons.appliesTo'), children: couponGoodsText(coupon, t) },
    {
      key: 'validity',
      label: t('coupons.validity'),
      children: `${formatDateTime(coupon.validFrom)} – ${formatDateTime(coupon.validTo)}`,
    },
    coupon.tab === 'unused'
      ? { key: 'left', label: t('coupons.usesLeft'), children: coupon.usesLeft }
      : { key: 'order', label: t('coupons.lastOrder'), children: coupon.lastOrderNo ?? '—' },
  ];
  return (
    <Card size="small" data-testid={`coupon-${coupon.code}`} className={`coupon-card coupon-card-${coupon.tab}`}>
      <Flex justify="space-between" align="flex-start" gap={8} style={{ marginBottom: 8 }}>
        <Typography.Title level={2} style={{ fontSize: 22, margin: 0 }} data-testid="coupon-off">
          {couponOffText(coupon, t, i18n.language)}
        </Typography.Title>
        <StatusTag tone={upcoming ? 'orange' : tabTone[coupon.tab]}>
          {upcoming
            ? t('coupons.notYetValid')
            : t(`coupons.state${coupon.tab.charAt(0).toUpperCase()}${coupon.tab.slice(1)}`)}
        </StatusTag>
      </Flex>
      <Descriptions column={1} size="small" items={items} />
    </Card>
  );
}
