/** China's registration: mobile number, SMS code (purpose register), password and the terms. */
import { calls } from '@ac/protocol/calls';
import { useTranslation } from 'react-i18next';
import { MobileCodeForm, type MobileCodeValues } from '@/components/mobile-code-form';
import { useCallMutation } from '@/lib/api/use-call';
import { withBusinessSource } from '@/lib/tracked-params';
import { TermsField } from './terms-field';

type Values = MobileCodeValues & { agree: boolean };

export function MobileRegisterForm({ onRegistered }: { onRegistered: (mobile: string) => void }) {
  const { t } = useTranslation('register');
  const register = useCallMutation(calls.registration.registerByMobile);
  const submit = (v: Values) => {
    const mobile = v.mobile.trim();
    register.mutate(withBusinessSource({ mobile, code: v.code.trim(), password: v.password, agree: v.agree }), {
      onSuccess: () => onRegistered(mobile),
    });
  };
  return (
    <MobileCodeForm<Values>
      name="register-mobile"
      purpose="register"
      sendTestId="register-send-code"
      passwordLabels="first"
      submitLabel={t('register.submit')}
      call={register}
      disableWhilePending
      onFinish={submit}
    >
      <TermsField />
    </MobileCodeForm>
  );
}
