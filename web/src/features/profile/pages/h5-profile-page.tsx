/** The user's information in the mobile shell, with the avatar and an edit form (loaded when the user edits). */
import { Button, DotLoading } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { getRegion } from '@/lib/app-config';
import { useUserDetail } from '@/lib/session/user-detail';
import { useUserInfo } from '@/lib/session/user-info';
import { H5Billing } from '../components/h5-billing';
import { H5DataExport } from '../components/h5-data-export';
import { H5MarketingConsent } from '../components/h5-marketing-consent';
import { ProfileList } from '../components/profile-list';

const loadEditor = () => import('../components/h5-profile-editor');
const H5ProfileEditor = lazy(() => loadEditor().then((m) => ({ default: m.H5ProfileEditor })));
/** Starts loading the editor when the user is about to press Edit. */
const preloadEditor = () => void loadEditor().catch(() => undefined);

export function H5ProfilePage() {
  const { t } = useTranslation('profile');
  const userInfo = useUserInfo();
  const detail = useUserDetail();
  const [editing, setEditing] = useState(false);
  const error = userInfo.error ?? detail.error;
  const loading = <DotLoading color="primary" />;
  return (
    <>
      <PageHeader title={t('profile.h5Title')} description={t('profile.h5Description')} />
      {error ? <ErrorAlert error={error} /> : null}
      {editing && detail.data ? (
        <Suspense fallback={loading}>
          <H5ProfileEditor detail={detail.data} onDone={() => setEditing(false)} />
        </Suspense>
      ) : userInfo.data ? (
        <>
          <ProfileList info={userInfo.data} />
          {detail.data && getRegion() === 'us' ? <H5Billing /> : null}
          {detail.data ? <H5MarketingConsent detail={detail.data} /> : null}
          {detail.data ? <H5DataExport /> : null}
          <div style={{ padding: 16 }}>
            <Button
              block
              color="primary"
              onClick={() => setEditing(true)}
              onTouchStart={preloadEditor}
              onMouseDown={preloadEditor}
              disabled={!detail.data}
            >
              {t('profile.edit')}
            </Button>
          </div>
        </>
      ) : (
        loading
      )}
    </>
  );
}
