/** My redeem codes in three tabs: unused, used, expired (the tab is kept in the URL); links to using a code and to the orders of bought codes. */
import { ZRedeemTab } from '@ac/protocol/enum-schemas';
import { REDEEM_TABS } from '@ac/protocol/enums';
import { Card, Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { RedeemTable } from '../components/redeem-table';

export function MyExchangePage() {
  const { t } = useTranslation('redeem');
  const [params, setParams] = useSearchParams();
  const parsed = ZRedeemTab.safeParse(params.get('tab'));
  const tab = parsed.success ? parsed.data : 'unused';
  return (
    <>
      <PageHeader
        title={t('redeem.pageTitle')}
        description={t('redeem.pageDescription')}
        extra={
          <Flex gap={16} wrap>
            <Link to={paths.redeemCode.getHref()}>{t('redeem.useCode')}</Link>
            {/* the orders of bought codes live under this menu entry (config/side-menu.ts) */}
            <Link to={paths.redeemCodeOrder.getHref()}>{t('redeem.ordersTitle')}</Link>
          </Flex>
        }
      />
      <Card>
        <Tabs
          data-testid="redeem-tabs"
          activeKey={tab}
          onChange={(key) => setParams(key === 'unused' ? {} : { tab: key })}
          destroyOnHidden
          items={REDEEM_TABS.map((key) => ({
            key,
            label: t(`redeem.tab${key.charAt(0).toUpperCase()}${key.slice(1)}`),
            children: <RedeemTable state={key} />,
          }))}
        />
      </Card>
    </>
  );
}
