/** China /register and /h5/register: register by mobile and SMS code, then log in. */
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormCard } from '@/components/form-card';
import { paths } from '@/config/paths';
import { MobileRegisterForm } from '../components/mobile-register-form';

export function RegisterPage() {
  const { t } = useTranslation('register');
  const { message } = App.useApp();
  const navigate = useNavigate();
  return (
    <FormCard
      title={t('register.registerTitle')}
      intro={t('register.registerDescription')}
      testId="register-card"
      footer={
        <>
          {t('register.haveAccount')} <Link to={paths.login.getHref()}>{t('register.toLogin')}</Link>
        </>
      }
    >
      <MobileRegisterForm
        onRegistered={() => {
          void message.success(t('register.registered'));
          navigate(paths.login.getHref());
        }}
      />
    </FormCard>
  );
}
