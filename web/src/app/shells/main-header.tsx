/** Header of the main shell: logo, header menu, language switcher, user menu. */
import { MenuOutlined } from '@ant-design/icons';
import { Button, Flex, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '@/components/language-switcher';
import { paths } from '@/config/paths';
import { HeaderNav } from './header-nav';
import { UserMenu } from './user-menu';

type Props = { compact: boolean; onOpenMenu: () => void };

export function MainHeader({ compact, onOpenMenu }: Props) {
  const { t } = useTranslation(['common', 'nav']);
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: compact ? 8 : 24,
        borderBottom: '1px solid #e8e8e8',
        position: 'sticky',
        top: 0,
        zIndex: 20,
        paddingInline: compact ? 12 : 24,
      }}
    >
      {compact ? (
        <Button type="text" icon={<MenuOutlined />} aria-label={t('nav.openMenu')} onClick={onOpenMenu} />
      ) : null}
      <Link to={paths.products.getHref()} className="app-logo">
        <span className="app-logo-mark" aria-hidden>
          A
        </span>
        <span>{t('common.productName')}</span>
      </Link>
      {compact ? <span style={{ flex: 1 }} /> : <HeaderNav mode="horizontal" />}
      <Flex gap={4} align="center">
        <LanguageSwitcher compact={compact} />
        <UserMenu compact={compact} />
      </Flex>
    </Layout.Header>
  );
}
