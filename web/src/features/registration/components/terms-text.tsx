/** The terms of service a user accepts when creating an account. */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const PARAGRAPHS = ['register.terms1', 'register.terms2', 'register.terms3', 'register.terms4'] as const;

export function TermsText() {
  const { t } = useTranslation('register');
  return (
    <Typography data-testid="terms-text">
      {PARAGRAPHS.map((key) => (
        <Typography.Paragraph key={key}>{t(key)}</Typography.Paragraph>
      ))}
    </Typography>
  );
}
