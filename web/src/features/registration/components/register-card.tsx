/** The card of the three registration pages, with "Already have an account? Log in" below. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormCard } from '@/components/form-card';
import { paths } from '@/config/paths';

export function RegisterCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const { t } = useTranslation('register');
  return (
    <FormCard
      title={title}
      intro={intro}
      testId="register-card"
      footer={
        <>
          {t('register.haveAccount')} <Link to={paths.login.getHref()}>{t('common.toLogin')}</Link>
        </>
      }
    >
      {children}
    </FormCard>
  );
}
