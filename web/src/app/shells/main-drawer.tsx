/** The main shell's menus in antd's Drawer on narrow screens; loaded when the menu is first opened. */
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { AntdConfig } from '@/components/antd-provider';
import { HeaderNav } from './header-nav';
import { SideMenu } from './side-menu';

export function MainDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('nav');
  return (
    <AntdConfig>
      <Drawer
        open={open}
        placement="left"
        size={280}
        title={t('nav.menu')}
        onClose={onClose}
        styles={{ body: { padding: 0 } }}
      >
        <HeaderNav mode="inline" />
        <hr className="main-drawer-divider" />
        <SideMenu />
      </Drawer>
    </AntdConfig>
  );
}
