/** The current membership (userInfo.vipInfo) with its period, or the standard level. */

import type { TVipInfo } from '@ac/protocol/session';
import { CrownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { enumKey, goodsKey } from '@/lib/enum-keys';
import { formatDate } from '@/lib/format/date';
import { Descriptions } from './descriptions';
import { ExpiryTag } from './expiry-tag';
import { PlainCard } from './plain-card';

export function MembershipCard({ vipInfo }: { vipInfo: TVipInfo | null }) {
  const { t } = useTranslation(['products', 'enums']);
  return (
    <PlainCard
      title={t('products.membershipTitle')}
      icon={<CrownOutlined aria-hidden />}
      extra={<Link to={paths.orderPro.getHref()}>{t('products.membershipOrders')}</Link>}
      testId="membership-card"
    >
      {vipInfo ? (
        <Descriptions
          items={[
            {
              label: t('products.currentPlan'),
              value: (
                <span className="products-inline">
                  <strong>{t(goodsKey(vipInfo.goodsCode), { defaultValue: vipInfo.name })}</strong>
                  <ExpiryTag expireTime={vipInfo.endTime} />
                </span>
              ),
            },
            { label: t('products.accountType'), value: t(enumKey('accountType', vipInfo.accountType)) },
            {
              label: t('products.validity'),
              value: (
                <>
                  {formatDate(vipInfo.startTime)} – {formatDate(vipInfo.endTime)}
                </>
              ),
            },
          ]}
        />
      ) : (
        <p className="plain-paragraph">{t('products.noMembership')}</p>
      )}
    </PlainCard>
  );
}
