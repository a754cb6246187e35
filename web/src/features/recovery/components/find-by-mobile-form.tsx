/** China's reset by mobile: the number, an SMS code (purpose findPwd) and the new password. */
import { calls } from '@ac/protocol/calls';
import { useTranslation } from 'react-i18next';
import { MobileCodeForm, type MobileCodeValues } from '@/components/mobile-code-form';
import { useCallMutation } from '@/lib/api/use-call';

export function FindByMobileForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('password');
  const update = useCallMutation(calls.recovery.resetByLinkOrCode);
  const submit = (v: MobileCodeValues) =>
    update.mutate({ mobile: v.mobile.trim(), code: v.code.trim(), password: v.password }, { onSuccess: onDone });
  return (
    <MobileCodeForm
      name="find-mobile"
      purpose="findPwd"
      sendTestId="find-send-code"
      passwordLabels="new"
      submitLabel={t('password.submit')}
      call={update}
      onFinish={submit}
    />
  );
}
