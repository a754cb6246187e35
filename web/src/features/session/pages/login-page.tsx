/**
 * The account center's own login page (docs/protocol.md#sessions): password or code login,
 * with an enterprise variant for enterprise client types. The two methods
 * switch with a button rather than tabs, so that no tab panel is labelled
 * "Password" or "Email" next to the fields of those names. Plain markup drawn
 * like antd (styles.css): the page loads no antd
 * (docs/performance.md#fourth-step-the-login-page-without-antd-2026-11-28).
 */

import { isEnterpriseClientType } from '@ac/protocol/client-types';
import { thirdPartyNames } from '@ac/protocol/third-party';
import { InfoCircleFilled } from '@ant-design/icons';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useNotice } from '@/components/notice';
import { PlainButton } from '@/components/plain-button';
import { StatusTag } from '@/components/status-tag';
import { regionConfig } from '@/config/regions/region-config';
import { getClientType } from '@/lib/api/client-info';
import { takeLoginNotice } from '@/lib/session/login-notice';
import { CodeLoginForm } from '../components/code-login-form';
import { PasskeyLoginButton } from '../components/passkey-login-button';
import { PasswordLoginForm } from '../components/password-login-form';
import { SecondStepForm } from '../components/second-step-form';
import { ThirdPartyButtons } from '../components/third-party-buttons';
import { peekPendingLink } from '../hooks/pending-link';
import type { LoginStep } from '../hooks/use-login-success';

/** A third-party login that needs the second step (or the enrolment) comes back here with it (third-login-callback-page). */
export type LoginPageState = LoginStep | null;

/** The enrolment a company requires: antd, loaded only when a login asks for it. */
const LoginEnrolment = lazy(() => import('../components/login-enrolment').then((m) => ({ default: m.LoginEnrolment })));

function stepOf(state: unknown): LoginStep | undefined {
  const s = state as LoginPageState;
  return s && ('secondStep' in s || 'enrolTwoFactor' in s) ? s : undefined;
}

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const region = regionConfig();
  const enterprise = isEnterpriseClientType(getClientType());
  const [pendingLink] = useState(peekPendingLink);
  const [method, setMethod] = useState<'password' | 'code'>('password');
  const location = useLocation();
  const [step, setStep] = useState<LoginStep | undefined>(() => stepOf(location.state));
  const notice = useNotice();
  useEffect(() => {
    const left = takeLoginNotice();
    if (left) notice.success(left.text, left.seconds);
  }, [notice]);
  const useCode = region.codeLogin === 'email' ? t('auth.useEmailCode') : t('auth.useSmsCode');

  return (
    <div className="login-page">
      <div className="login-card" data-testid="login-card">
        {enterprise ? <StatusTag tone="info">{t('auth.enterpriseBadge')}</StatusTag> : null}
        <h1 className="login-title">{enterprise ? t('auth.enterpriseTitle') : t('auth.title')}</h1>
        <p className="login-description">{enterprise ? t('auth.enterpriseDescription') : t('auth.description')}</p>
        {step && 'secondStep' in step ? (
          <>
            <h2 className="login-method">{t('auth.secondStepTitle')}</h2>
            <SecondStepForm secondStep={step.secondStep} onCancel={() => setStep(undefined)} />
          </>
        ) : step && 'enrolTwoFactor' in step ? (
          <>
            <h2 className="login-method">{t('auth.enrolTitle')}</h2>
            <Suspense fallback={<p className="login-description">{t('common.loading')}</p>}>
              <LoginEnrolment enrolment={step.enrolTwoFactor} onCancel={() => setStep(undefined)} />
            </Suspense>
          </>
        ) : (
          <>
            <h2 className="login-method">
              {method === 'password'
                ? t('auth.methodPassword')
                : region.codeLogin === 'email'
                  ? t('auth.methodEmailCode')
                  : t('auth.methodSmsCode')}
            </h2>
            {pendingLink ? (
              <div className="info-alert" role="status">
                <InfoCircleFilled className="info-alert-icon" aria-hidden />
                <div className="info-alert-message">
                  {t('auth.linkPending', { name: thirdPartyNames[pendingLink.type] })}
                </div>
              </div>
            ) : null}
            {method === 'password' ? (
              <PasswordLoginForm onSecondStep={setStep} />
            ) : (
              <CodeLoginForm channel={region.codeLogin} onSecondStep={setStep} />
            )}
            <PlainButton
              variant="link"
              block
              className="login-method-switch"
              data-testid="login-method-switch"
              onClick={() => setMethod(method === 'password' ? 'code' : 'password')}
            >
              {method === 'password' ? useCode : t('auth.usePassword')}
            </PlainButton>
            <PasskeyLoginButton />
            {enterprise ? null : <ThirdPartyButtons />}
          </>
        )}
        <hr className="plain-divider" />
        <div className="login-links">
          <Link to={region.registerHref}>{t('auth.register')}</Link>
          <Link to={region.findPasswordHref}>{t('auth.forgotPassword')}</Link>
        </div>
      </div>
    </div>
  );
}
