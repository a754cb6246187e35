/** My coupons in three tabs: unused, used, expired (the tab is kept in the URL). */
import { COUPON_TABS, ZCouponTab } from '@ac/protocol/coupons';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { CouponList } from '../components/coupon-list';

export function MyCouponsPage() {
  const { t } = useTranslation('coupons');
  const [params, setParams] = useSearchParams();
  const parsed = ZCouponTab.safeParse(params.get('tab'));
  const tab = parsed.success ? parsed.data : 'unused';
  return (
    <>
      <PageHeader
        title={t('coupons.pageTitle')}
        description={t('coupons.pageDescription')}
        extra={<Link to={paths.products.getHref()}>{t('coupons.useInProducts')}</Link>}
      />
      <Card>
        <Tabs
          data-testid="coupon-tabs"
          activeKey={tab}
          onChange={(key) => setParams(key === 'unused' ? {} : { tab: key })}
          destroyOnHidden
          items={COUPON_TABS.map((key) => ({
            key,
            label: t(`coupons.tab${key.charAt(0).toUpperCase()}${key.slice(1)}`),
            children: <CouponList tab={key} />,
          }))}
        />
      </Card>
    </>
  );
}
