/**
 * The desktop language menu (antd Dropdown), loaded when the switcher is first used; opens at once.
 * It carries the app's antd theme: the site shell's header is outside antd's provider.
 */
import { LANGUAGES, type TLanguage } from '@ac/protocol/enums';
import { ConfigProvider, Dropdown } from 'antd';
import { useState } from 'react';
import { antdTheme } from '@/config/antd-theme';
import { applyLanguage, useLanguageState } from '@/i18n/language-store';
import { languages } from '@/i18n/languages';
import type { LanguageMenuProps } from './language-switcher';

export function LanguageMenu({ trigger }: LanguageMenuProps) {
  const { language } = useLanguageState();
  const [open, setOpen] = useState(true);
  return (
    <ConfigProvider theme={antdTheme}>
      <Dropdown
        trigger={['click']}
        open={open}
        onOpenChange={setOpen}
        menu={{
          selectable: true,
          selectedKeys: [language],
          items: LANGUAGES.map((lng) => ({ key: lng, label: <span lang={lng}>{languages[lng].label}</span> })),
          onClick: ({ key }) => {
            setOpen(false);
            void applyLanguage(key as TLanguage, { persist: true });
          },
        }}
      >
        {trigger({ autoFocus: true })}
      </Dropdown>
    </ConfigProvider>
  );
}
