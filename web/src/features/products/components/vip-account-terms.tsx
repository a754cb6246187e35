/**
 * For a logged-in buyer: the account that pays, the current end of this
 * product's membership (if any) and the end after this purchase.
 */
import { maskMobile } from '@ac/protocol/common';
import type { TUserInfo } from '@ac/protocol/session';
import { Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format/date';
import { ExpiryTag } from './expiry-tag';

type Props = { user: TUserInfo; currentEnd: string | undefined; newEnd: Date };

export function VipAccountTerms({ user, currentEnd, newEnd }: Props) {
  const { t } = useTranslation('products');
  // +8613800000000 → 138****0000, the way mainland portals show a mobile number
  const contact = user.mobile ? maskMobile(user.mobile) : user.email;
  return (
    <Descriptions column={1} size="small" data-testid="vip-terms">
      <Descriptions.Item label={t('products.vipAccount')}>
        <span data-testid="vip-account">
          {user.nickName || user.name}
          {contact ? <Typography.Text type="secondary"> ({contact})</Typography.Text> : null}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('products.vipCurrentEnd')}>
        {currentEnd ? (
          <Flex gap={8} align="center" wrap>
            <span data-testid="vip-current-end">{formatDate(currentEnd)}</span>
            <ExpiryTag expireTime={currentEnd} />
          </Flex>
        ) : (
          <span data-testid="vip-current-end">{t('products.vipNoCurrent')}</span>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('products.vipNewEnd')}>
        <Typography.Text strong data-testid="vip-new-end">
          {formatDate(newEnd.toISOString())}
        </Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}
