/**
 * The /h5 profile's edit mode: the avatar upload and the form. A module of its own so the page
 * loads it (antd-mobile's Form, Input, Picker and Popup) only when the user edits
 * (docs/performance.md, "First view").
 */
import type { TUserDetail } from '@ac/protocol/profile';
import { useTranslation } from 'react-i18next';
import { H5AvatarUpload } from './h5-avatar-upload';
import { H5ProfileEdit } from './h5-profile-edit';

export function H5ProfileEditor({ detail, onDone }: { detail: TUserDetail; onDone: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <>
      <h2 style={{ fontSize: 16, margin: '8px 16px' }}>{t('profile.editTitle')}</h2>
      <H5AvatarUpload favicon={detail.favicon} />
      <H5ProfileEdit detail={detail} onDone={onDone} />
    </>
  );
}
