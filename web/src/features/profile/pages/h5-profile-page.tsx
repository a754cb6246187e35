/** The user's information in the mobile shell (read-only, from userInfo). */
import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { useUserInfo } from '@/lib/session/user-info';
import { ProfileList } from '../components/profile-list';

export function H5ProfilePage() {
  const { t } = useTranslation('profile');
  const userInfo = useUserInfo();
  return (
    <>
      <PageHeader title={t('profile.h5Title')} description={t('profile.h5Description')} />
      {userInfo.error ? <ErrorAlert error={userInfo.error} /> : null}
      {userInfo.data ? <ProfileList info={userInfo.data} /> : <DotLoading color="primary" />}
    </>
  );
}
