import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ConsoleLanguage, setConsoleLanguage } from '../i18n/console-i18n';

const NAMES: Record<ConsoleLanguage, string> = { en: 'English', 'zh-CN': '简体中文' };

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <Select
      aria-label={t('language')}
      size="small"
      value={i18n.language as ConsoleLanguage}
      style={{ width: 110 }}
      onChange={(v: ConsoleLanguage) => void setConsoleLanguage(v)}
      options={Object.entries(NAMES).map(([value, label]) => ({ value, label }))}
    />
  );
}
