/** Delete account (docs/product.md#routes): the agreement step, then the verification-code step. */
import { Card, Skeleton, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { useUserDetail } from '@/lib/session/user-detail';
import { LogoffAgreementStep } from '../components/logoff-agreement-step';
import { LogoffVerifyStep } from '../components/logoff-verify-step';

export function LogoffPage() {
  const { t } = useTranslation('security');
  const detail = useUserDetail();
  const [step, setStep] = useState(0);
  return (
    <>
      <PageHeader title={t('security.logoffTitle')} description={t('security.logoffDescription')} />
      <Card>
        <Steps
          current={step}
          style={{ marginBottom: 24, maxWidth: 560 }}
          items={[{ title: t('security.logoffStepAgreement') }, { title: t('security.logoffStepVerify') }]}
        />
        <QueryErrorAlert query={detail} />
        {step === 0 ? <LogoffAgreementStep onNext={() => setStep(1)} /> : null}
        {step === 1 && detail.isPending ? <Skeleton active /> : null}
        {step === 1 && detail.data ? <LogoffVerifyStep detail={detail.data} onBack={() => setStep(0)} /> : null}
      </Card>
    </>
  );
}
