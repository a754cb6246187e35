/** The user's information in the mobile shell, with the avatar and an edit form. */
import { Button, DotLoading } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { useUserDetail } from '@/lib/session/user-detail';
import { useUserInfo } from '@/lib/session/user-info';
import { H5AvatarUpload } from '../components/h5-avatar-upload';
import { H5ProfileEdit } from '../components/h5-profile-edit';
import { ProfileList } from '../components/profile-list';

export function H5ProfilePage() {
  const { t } = useTranslation('profile');
  const userInfo = useUserInfo();
  const detail = useUserDetail();
  const [editing, setEditing] = useState(false);
  const error = userInfo.error ?? detail.error;
  return (
    <>
      <PageHeader title={t('profile.h5Title')} description={t('profile.h5Description')} />
      {error ? <ErrorAlert error={error} /> : null}
      {editing && detail.data ? (
        <>
          <h2 style={{ fontSize: 16, margin: '8px 16px' }}>{t('profile.editTitle')}</h2>
          <H5AvatarUpload favicon={detail.data.favicon} />
          <H5ProfileEdit detail={detail.data} onDone={() => setEditing(false)} />
        </>
      ) : userInfo.data ? (
        <>
          <ProfileList info={userInfo.data} />
          <div style={{ padding: 16 }}>
            <Button block color="primary" onClick={() => setEditing(true)} disabled={!detail.data}>
              {t('profile.edit')}
            </Button>
          </div>
        </>
      ) : (
        <DotLoading color="primary" />
      )}
    </>
  );
}
