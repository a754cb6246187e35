/**
 * antd's Dropdown, with the app's theme and locale, around a trigger drawn
 * again with focus: loaded on the trigger's first use (menu-on-first-use.tsx),
 * it opens at once and closes when an entry is chosen. The shells' headers
 * are outside antd's provider.
 */
import { Dropdown, type MenuProps } from 'antd';
import { type ReactElement, useState } from 'react';
import { AntdConfig } from './antd-provider';
import type { MenuTriggerProps } from './menu-on-first-use';

export type DropdownMenuProps = { menu: MenuProps; trigger: (props: MenuTriggerProps) => ReactElement };

export function DropdownMenu({ menu, trigger }: DropdownMenuProps) {
  const [open, setOpen] = useState(true);
  return (
    <AntdConfig>
      <Dropdown
        trigger={['click']}
        open={open}
        onOpenChange={setOpen}
        menu={{
          ...menu,
          onClick: (info) => {
            setOpen(false);
            menu.onClick?.(info);
          },
        }}
      >
        {trigger({ autoFocus: true })}
      </Dropdown>
    </AntdConfig>
  );
}
