/** Basic information (main shell): the avatar and the profile form; overseas, the billing details for receipts. */
import { Card, Divider, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { getRegion } from '@/lib/app-config';
import { useUserDetail } from '@/lib/session/user-detail';
import { AvatarUpload } from '../components/avatar-upload';
import { BillingForm } from '../components/billing-form';
import { DataExport } from '../components/data-export';
import { MarketingConsent } from '../components/marketing-consent';
import { ProfileForm } from '../components/profile-form';

export function ProfilePage() {
  const { t } = useTranslation('profile');
  const detail = useUserDetail();
  return (
    <>
      <PageHeader title={t('profile.pageTitle')} description={t('profile.pageDescription')} />
      <Card>
        <QueryErrorAlert query={detail} />
        {detail.data ? (
          <>
            <AvatarUpload favicon={detail.data.favicon} />
            <Divider />
            <ProfileForm key={detail.data.id} detail={detail.data} />
          </>
        ) : detail.isPending ? (
          <Skeleton active />
        ) : null}
      </Card>
      {detail.data && getRegion() === 'us' ? (
        <Card title={t('profile.billingTitle')} style={{ marginTop: 16 }}>
          <BillingForm />
        </Card>
      ) : null}
      {detail.data ? (
        <Card title={t('profile.privacyTitle')} style={{ marginTop: 16 }}>
          <MarketingConsent detail={detail.data} />
          <Divider />
          <DataExport />
        </Card>
      ) : null}
    </>
  );
}
