/** Overseas /site/register: register by email, then the mail-verify page (or the jump-node screen). */
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormCard } from '@/components/form-card';
import { paths } from '@/config/paths';
import { EmailRegisterForm } from '../components/email-register-form';

export function SiteRegisterPage() {
  const { t } = useTranslation('register');
  const navigate = useNavigate();
  return (
    <FormCard
      title={t('register.siteRegisterTitle')}
      intro={t('register.siteRegisterDescription')}
      testId="register-card"
      footer={
        <>
          {t('register.haveAccount')} <Link to={paths.login.getHref()}>{t('register.toLogin')}</Link>
        </>
      }
    >
      <EmailRegisterForm
        onRegistered={(email) => navigate(paths.siteRegisterMailVerify.getHref(), { state: { email } })}
        onOtherNode={(account) => navigate(paths.siteJumpNode.getHref(), { state: { account } })}
      />
    </FormCard>
  );
}
