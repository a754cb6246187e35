/**
 * The desktop language menu (antd Dropdown with the app's theme and locale), loaded when the
 * switcher is first used; opens at once. The site and main shells' headers are outside antd's provider.
 */
import { LANGUAGES, type TLanguage } from '@ac/protocol/enums';
import { Dropdown } from 'antd';
import { useState } from 'react';
import { AntdConfig } from '@/app/providers/antd-provider';
import { applyLanguage, useLanguageState } from '@/i18n/language-store';
import { languages } from '@/i18n/languages';
import type { LanguageMenuProps } from './language-switcher';

export function LanguageMenu({ trigger }: LanguageMenuProps) {
  const { language } = useLanguageState();
  const [open, setOpen] = useState(true);
  return (
    <AntdConfig>
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
    </AntdConfig>
  );
}
