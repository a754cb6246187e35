/** One tab of my coupons as cards, paged by the server. */
import { calls } from '@ac/protocol/calls';
import type { TCouponTab } from '@ac/protocol/coupons';
import { keepPreviousData } from '@tanstack/react-query';
import { Empty, List } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { useCall } from '@/lib/api/use-call';
import { CouponCard } from './coupon-card';

const PAGE_SIZE = 12;

export function CouponList({ tab }: { tab: TCouponTab }) {
  const { t } = useTranslation('coupons');
  const [pageNo, setPageNo] = useState(1);
  const coupons = useCall(
    calls.coupons.list,
    { tab, pageNo, pageSize: PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const total = coupons.data?.total ?? 0;
  return (
    <div data-testid={`coupon-list-${tab}`}>
      <QueryErrorAlert query={coupons} />
      <List
        grid={{ gutter: 16, xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
        loading={coupons.isFetching}
        dataSource={coupons.data?.rows ?? []}
        locale={{ emptyText: <Empty description={t('coupons.empty')} /> }}
        renderItem={(coupon) => (
          <List.Item>
            <CouponCard coupon={coupon} />
          </List.Item>
        )}
        pagination={
          total > PAGE_SIZE
            ? { current: pageNo, pageSize: PAGE_SIZE, total, onChange: setPageNo, showSizeChanger: false }
            : false
        }
      />
    </div>
  );
}
