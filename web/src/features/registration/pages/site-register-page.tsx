/** Overseas /site/register: register by email, then the mail-verify page (or the jump-node screen). */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { EmailRegisterForm } from '../components/email-register-form';
import { RegisterCard } from '../components/register-card';

export function SiteRegisterPage() {
  const { t } = useTranslation('register');
  const navigate = useNavigate();
  return (
    <RegisterCard title={t('register.siteRegisterTitle')} intro={t('register.siteRegisterDescription')}>
      <EmailRegisterForm
        onRegistered={(email) => navigate(paths.siteRegisterMailVerify.getHref(), { state: { email } })}
        onOtherNode={(account) => navigate(paths.siteJumpNode.getHref(), { state: { account } })}
      />
    </RegisterCard>
  );
}
