/** The current membership (userInfo.vipInfo) with its period, or the standard level. */

import type { TVipInfo } from '@ac/protocol/session';
import { CrownOutlined } from '@ant-design/icons';
import { Card, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { enumKey, goodsKey } from '@/lib/enum-keys';
import { formatDate } from '@/lib/format/date';
import { CardTitle } from './card-title';
import { ExpiryTag } from './expiry-tag';

export function MembershipCard({ vipInfo }: { vipInfo: TVipInfo | null }) {
  const { t } = useTranslation(['products', 'enums']);
  return (
    <Card
      title={<CardTitle icon={<CrownOutlined aria-hidden />}>{t('products.membershipTitle')}</CardTitle>}
      extra={<Link to={paths.orderPro.getHref()}>{t('products.membershipOrders')}</Link>}
      data-testid="membership-card"
      style={{ height: '100%' }}
    >
      {vipInfo ? (
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('products.currentPlan')}>
            <Flex gap={8} align="center" wrap>
              <strong>{t(goodsKey(vipInfo.goodsCode), { defaultValue: vipInfo.name })}</strong>
              <ExpiryTag expireTime={vipInfo.endTime} />
            </Flex>
          </Descriptions.Item>
          <Descriptions.Item label={t('products.accountType')}>
            {t(enumKey('accountType', vipInfo.accountType))}
          </Descriptions.Item>
          <Descriptions.Item label={t('products.validity')}>
            {formatDate(vipInfo.startTime)} – {formatDate(vipInfo.endTime)}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Typography.Paragraph>{t('products.noMembership')}</Typography.Paragraph>
      )}
    </Card>
  );
}
