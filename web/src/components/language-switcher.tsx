/** Switches the interface language and keeps the choice in the `language` cookie. */

import { LANGUAGES, type TLanguage } from '@ac/protocol/enums';
import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyLanguage, useLanguageState } from '@/i18n/language-store';
import { languages } from '@/i18n/languages';

export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('common');
  const { language } = useLanguageState();
  const current = languages[language].label;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((lng) => ({ key: lng, label: <span lang={lng}>{languages[lng].label}</span> })),
        onClick: ({ key }) => void applyLanguage(key as TLanguage, { persist: true }),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined aria-hidden />}
        data-testid="language-switcher"
        aria-label={`${t('common.language')}: ${current}`}
      >
        {compact ? null : current}
      </Button>
    </Dropdown>
  );
}
