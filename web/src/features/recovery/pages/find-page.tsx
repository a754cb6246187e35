/**
 * Forgot password: /site/password/find (overseas: by email, the sent state
 * shows in place), /password/find and /h5/findPwd (China: by email, then the
 * mail_verify page, or by mobile and SMS code).
 */
import { App, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormCard } from '@/components/form-card';
import { ResultCard } from '@/components/result-card';
import { useShellKind } from '@/components/shell-context';
import { paths } from '@/config/paths';
import { getRegion } from '@/lib/app-config';
import { FindByEmailForm } from '../components/find-by-email-form';
import { FindByMobileForm } from '../components/find-by-mobile-form';
import { ResetMailSent } from '../components/reset-mail-sent';

export function FindPage() {
  const { t } = useTranslation('password');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const shell = useShellKind();
  const region = getRegion();
  const [method, setMethod] = useState<'email' | 'mobile'>(region === 'cn' ? 'mobile' : 'email');
  const [sentTo, setSentTo] = useState<string>();

  const onSent = (email: string) => {
    if (region === 'us') setSentTo(email);
    else
      navigate((shell === 'h5' ? paths.h5PasswordMailVerify : paths.passwordMailVerify).getHref(), {
        state: { email },
      });
  };
  const onReset = () => {
    void message.success(t('password.resetDone'));
    navigate(paths.login.getHref());
  };

  if (sentTo) {
    return (
      <ResultCard testId="mail-verify">
        <ResetMailSent email={sentTo} />
      </ResultCard>
    );
  }
  return (
    <FormCard
      title={t('password.findTitle')}
      intro={method === 'email' ? t('password.findByEmailIntro') : t('password.findByMobileIntro')}
      testId="find-card"
      footer={<Link to={paths.login.getHref()}>{t('common.toLogin')}</Link>}
    >
      {region === 'cn' ? (
        <Segmented
          block
          style={{ marginBottom: 16 }}
          value={method}
          onChange={setMethod}
          options={[
            { value: 'mobile', label: t('password.byMobile') },
            { value: 'email', label: t('password.byEmail') },
          ]}
        />
      ) : null}
      {method === 'email' ? <FindByEmailForm onSent={onSent} /> : <FindByMobileForm onDone={onReset} />}
    </FormCard>
  );
}
