/** The header menu's "More" entries in antd's Dropdown, loaded when "More" is first used; opens at once. */
import { Dropdown } from 'antd';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HeaderMenuItem } from '@/config/header-menu';
import type { AppConfig } from '@/lib/app-config';
import { AntdConfig } from '../providers/antd-provider';
import type { MoreTriggerProps } from './header-nav';

type Props = {
  items: readonly HeaderMenuItem[];
  selected: string;
  links: AppConfig['links'];
  onLogout: () => void;
  trigger: (props: MoreTriggerProps) => ReactElement;
};

export function HeaderNavMore({ items, selected, links, onLogout, trigger }: Props) {
  const { t } = useTranslation('nav');
  const [open, setOpen] = useState(true);
  const label = (item: HeaderMenuItem) => {
    const text = t(item.label);
    if (item.kind === 'route') return <Link to={item.to}>{text}</Link>;
    if (item.kind === 'external') return <a href={links[item.link]}>{text}</a>;
    return text;
  };
  return (
    <AntdConfig>
      <Dropdown
        trigger={['click']}
        open={open}
        onOpenChange={setOpen}
        menu={{
          selectable: true,
          selectedKeys: [selected],
          items: items.map((item) => ({ key: item.key, label: label(item) })),
          onClick: ({ key }) => {
            setOpen(false);
            if (items.find((item) => item.key === key)?.kind === 'action') onLogout();
          },
        }}
      >
        {trigger({ autoFocus: true })}
      </Dropdown>
    </AntdConfig>
  );
}
