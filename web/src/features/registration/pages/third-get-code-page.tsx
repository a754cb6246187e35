/**
 * China /:type/getCode: a third-party identity without an account finishes
 * signing up with a mobile and SMS code; the login that follows links the
 * identity kept by the login page (pending third-party link).
 */
import { THIRD_PARTY_TYPES, type TThirdPartyType } from '@ac/protocol/enums';
import { thirdPartyNames } from '@ac/protocol/third-party';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { MobileRegisterForm } from '../components/mobile-register-form';
import { RegisterCard } from '../components/register-card';

const isThirdPartyType = (value: string | undefined): value is TThirdPartyType =>
  (THIRD_PARTY_TYPES as readonly string[]).includes(value ?? '');

export function ThirdGetCodePage() {
  const { t } = useTranslation('register');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { type } = useParams();
  const provider = isThirdPartyType(type) ? thirdPartyNames[type] : null;
  return (
    <RegisterCard
      title={t('register.thirdGetCodeTitle')}
      intro={provider ? t('register.thirdGetCodeIntro', { name: provider }) : t('register.thirdGetCodeDescription')}
    >
      <MobileRegisterForm
        onRegistered={() => {
          void message.success(t('register.registeredLink'));
          navigate(paths.login.getHref());
        }}
      />
    </RegisterCard>
  );
}
