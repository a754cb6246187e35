/** The user's information, read-only, as an antd-mobile list. */
import { formatMobile } from '@ac/protocol/mobile-display';
import type { TUserInfoResponse } from '@ac/protocol/session';
import { Avatar, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { enumKey } from '@/lib/enum-keys';
import { EMPTY_VALUE, formatDate, formatDateTime } from '@/lib/format/date';

const SEX_KEYS = ['profile.sexUnknown', 'profile.sexMale', 'profile.sexFemale'] as const;

export function ProfileList({ info }: { info: TUserInfoResponse }) {
  const { t } = useTranslation(['profile', 'enums']);
  const user = info.userInfo;
  const rows: [label: string, value: string][] = [
    [t('profile.account'), formatMobile(user.name)],
    [t('profile.email'), user.email ?? EMPTY_VALUE],
    [t('profile.mobile'), user.mobile ? formatMobile(user.mobile) : EMPTY_VALUE],
    [t('profile.sex'), t(SEX_KEYS[user.sex] ?? SEX_KEYS[0])],
    [t('profile.memberType'), t(enumKey('accountType', user.vipType), { defaultValue: user.vipType })],
    [t('profile.level'), String(user.level)],
    [t('profile.score'), String(user.score)],
    [t('profile.activated'), user.isActivate ? t('profile.yes') : t('profile.no')],
    [t('profile.registerDate'), formatDate(user.registerDate)],
    [t('profile.lastLoginTime'), formatDateTime(user.lastLoginTime)],
  ];
  return (
    <>
      <List>
        <List.Item
          prefix={<Avatar src={user.favicon ?? ''} alt="" style={{ '--size': '56px', '--border-radius': '50%' }} />}
          description={user.email ?? (user.mobile ? formatMobile(user.mobile) : undefined)}
        >
          <span data-testid="h5-profile-nickname" style={{ fontSize: 18, fontWeight: 600 }}>
            {user.nickName || formatMobile(user.name)}
          </span>
        </List.Item>
      </List>
      <List header={t('profile.details')} data-testid="h5-profile-list">
        {rows.map(([label, value]) => (
          <List.Item key={label} extra={<span style={{ color: '#262626' }}>{value}</span>}>
            {label}
          </List.Item>
        ))}
      </List>
    </>
  );
}
