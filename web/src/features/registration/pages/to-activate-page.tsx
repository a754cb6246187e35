/**
 * /toactivate/:id (both regions): activates the account of the mailed link
 * on load. Success: the activate-success screen (overseas its own page);
 * an invalid or used link (1200002): the message and a form for a new link.
 */
import { calls } from '@ac/protocol/calls';
import { Flex, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { FormError } from '@/components/form-error';
import { ResultCard } from '@/components/result-card';
import { paths } from '@/config/paths';
import { useCall } from '@/lib/api/use-call';
import { getRegion } from '@/lib/app-config';
import { ActivateSuccess } from '../components/activate-success';
import { ActivationMailSent } from '../components/activation-mail-sent';
import { ResendActivationForm } from '../components/resend-activation-form';

export function ToActivatePage() {
  const { t } = useTranslation('register');
  const { id = '' } = useParams();
  const activation = useCall(
    calls.registration.toActivate,
    { id },
    // the link is single use: one call per id, never retried or refetched (React's double effects included)
    {
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    },
  );
  const [sentTo, setSentTo] = useState<string>();

  if (activation.isSuccess && getRegion() === 'us')
    return <Navigate to={paths.siteActivateSuccess.getHref()} replace />;

  return (
    <ResultCard>
      {activation.isPending ? (
        <Flex vertical align="center" gap={12} style={{ padding: 32 }}>
          <Spin />
          <span>{t('register.activating')}</span>
        </Flex>
      ) : activation.isSuccess ? (
        <ActivateSuccess />
      ) : sentTo ? (
        <ActivationMailSent email={sentTo} />
      ) : (
        <>
          <h1 style={{ fontSize: 24, margin: '0 0 16px' }}>{t('register.toActivateTitle')}</h1>
          <FormError error={activation.error} />
          <p>{t('register.resendIntro')}</p>
          <ResendActivationForm onSent={setSentTo} />
        </>
      )}
    </ResultCard>
  );
}
