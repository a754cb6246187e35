/** China /register and /h5/register: register by mobile and SMS code, then log in. */
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { MobileRegisterForm } from '../components/mobile-register-form';
import { RegisterCard } from '../components/register-card';

export function RegisterPage() {
  const { t } = useTranslation('register');
  const { message } = App.useApp();
  const navigate = useNavigate();
  return (
    <RegisterCard title={t('register.registerTitle')} intro={t('register.registerDescription')}>
      <MobileRegisterForm
        onRegistered={() => {
          void message.success(t('register.registered'));
          navigate(paths.login.getHref());
        }}
      />
    </RegisterCard>
  );
}
