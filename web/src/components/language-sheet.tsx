/** The /h5 shell's language choice (antd-mobile ActionSheet), loaded when the switcher is first used; opens at once. */
import { LANGUAGES, type TLanguage } from '@ac/protocol/enums';
import { ActionSheet } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyLanguage, useLanguageState } from '@/i18n/language-store';
import { languages } from '@/i18n/languages';
import type { LanguageMenuProps } from './language-switcher';

export function LanguageSheet({ trigger }: LanguageMenuProps) {
  const { t } = useTranslation('common');
  const { language } = useLanguageState();
  const [open, setOpen] = useState(true);
  return (
    <>
      {trigger({ autoFocus: true, onClick: () => setOpen(true) })}
      <ActionSheet
        visible={open}
        onClose={() => setOpen(false)}
        cancelText={t('common.cancel')}
        actions={LANGUAGES.map((lng) => ({
          key: lng,
          text: (
            <span lang={lng} style={lng === language ? { color: '#0958d9', fontWeight: 600 } : undefined}>
              {languages[lng].label}
            </span>
          ),
        }))}
        onAction={(action) => {
          setOpen(false);
          void applyLanguage(action.key as TLanguage, { persist: true });
        }}
      />
    </>
  );
}
