/** The user menu's antd Dropdown, loaded when the menu is first used; opens at once. */
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { logout } from '@/lib/session/logout';
import { AntdConfig } from '../providers/antd-provider';
import type { UserMenuTriggerProps } from './user-menu';

export function UserMenuDropdown({ trigger }: { trigger: (props: UserMenuTriggerProps) => ReactElement }) {
  const { t } = useTranslation('nav');
  const [open, setOpen] = useState(true);
  return (
    <AntdConfig>
      <Dropdown
        trigger={['click']}
        open={open}
        onOpenChange={setOpen}
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
          onClick: () => setOpen(false),
        }}
      >
        {trigger({ autoFocus: true })}
      </Dropdown>
    </AntdConfig>
  );
}
