/**
 * The enrolment a company requires at sign-in (docs/product.md#enterprise):
 * the login answered an enrolment ticket instead of a session; the member
 * sets up an authenticator app with it (the security page's QR code and
 * confirming code), sees the recovery codes once, and the login finishes.
 * Loaded lazily by the login page, which itself loads no antd.
 */
import { calls } from '@ac/protocol/calls';
import type { TEnrolConfirmResponse, TEnrolmentRequired, TTotpStartResponse } from '@ac/protocol/two-factor';
import { Button, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AntdProvider } from '@/components/antd-provider';
import { FormError } from '@/components/form-error';
import { RecoveryCodes } from '@/components/totp/recovery-codes';
import { TotpConfirm } from '@/components/totp/totp-confirm';
import { apiCall } from '@/lib/api/api-client';
import { useCallMutation } from '@/lib/api/use-call';
import { useLoginSuccess } from '../hooks/use-login-success';

type Props = { enrolment: TEnrolmentRequired['enrolTwoFactor']; onCancel: () => void };

/**
 * One start per ticket, however often the screen mounts: two starts at once would each make a
 * new secret, and the one shown might not be the one the server keeps.
 */
const starts = new Map<string, Promise<TTotpStartResponse>>();
function startOnce(ticket: string) {
  let started = starts.get(ticket);
  if (!started) {
    started = apiCall(calls.session.loginEnrolStart, { ticket });
    starts.set(ticket, started);
  }
  return started;
}

function Enrolment({ enrolment, onCancel }: Props) {
  const { t } = useTranslation(['auth', 'common']);
  const onSuccess = useLoginSuccess();
  const confirm = useCallMutation(calls.session.loginEnrolConfirm);
  const [setup, setSetup] = useState<TTotpStartResponse | null>(null);
  const [startError, setStartError] = useState<unknown>(null);
  const [done, setDone] = useState<TEnrolConfirmResponse | null>(null);
  useEffect(() => {
    let live = true;
    startOnce(enrolment.ticket).then(
      (answer) => live && setSetup(answer),
      (error: unknown) => live && setStartError(error),
    );
    return () => {
      live = false;
    };
  }, [enrolment.ticket]);

  if (done) {
    const { recoveryCodes, ...login } = done;
    return <RecoveryCodes codes={recoveryCodes} onDone={() => onSuccess(login)} />;
  }
  return (
    <div data-testid="login-enrolment">
      <p className="login-description">{t('auth.enrolText', { company: enrolment.companyName })}</p>
      {startError ? (
        <>
          <FormError error={startError} />
          <Button onClick={onCancel}>{t('auth.backToLogin')}</Button>
        </>
      ) : setup ? (
        <TotpConfirm
          setup={setup}
          error={confirm.error}
          pending={confirm.isPending}
          onCode={(code) => confirm.mutate({ ticket: enrolment.ticket, code }, { onSuccess: setDone })}
          onCancel={onCancel}
        />
      ) : (
        <Skeleton active />
      )}
    </div>
  );
}

export function LoginEnrolment(props: Props) {
  return (
    <AntdProvider>
      <Enrolment {...props} />
    </AntdProvider>
  );
}
