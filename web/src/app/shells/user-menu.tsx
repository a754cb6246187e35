/** The user's avatar and nickname with a menu: profile, password, log out. */
import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { logout } from '@/lib/session/logout';
import { useUserInfo } from '@/lib/session/user-info';

export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('nav');
  const user = useUserInfo().data?.userInfo;
  const name = user?.nickName || user?.name || '';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          {
            key: 'profile',
            icon: <UserOutlined />,
            label: <Link to={paths.profile.getHref()}>{t('nav.profile')}</Link>,
          },
          { key: 'password', label: <Link to={paths.changePassword.getHref()}>{t('nav.changePassword')}</Link> },
          { type: 'divider' },
          {
            key: 'logout',
            icon: <LogoutOutlined />,
            label: <span data-testid="logout">{t('nav.logout')}</span>,
            onClick: () => void logout(),
          },
        ],
      }}
    >
      <Button type="text" data-testid="user-menu" aria-label={`${t('nav.userMenu')}: ${name}`} style={{ height: 40 }}>
        <Avatar size={28} src={user?.favicon || undefined} alt="" icon={<UserOutlined />} />
        {compact ? null : <span data-testid="user-nickname">{name}</span>}
        <DownOutlined aria-hidden style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
