/**
 * The avatar in the mobile shell: pick a JPEG or PNG, its centre square is
 * scaled to 300×300, refused over 2 MB, and uploaded with its progress.
 */
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@ac/protocol/profile';
import { Avatar, Button, ProgressBar, Toast } from 'antd-mobile';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/use-error-text';
import { useUploadAvatar } from '../api/upload-avatar';
import { resizeAvatar } from './resize-avatar';

export function H5AvatarUpload({ favicon }: { favicon: string | null }) {
  const { t } = useTranslation(['profile', 'errors']);
  const errorText = useErrorText();
  const upload = useUploadAvatar();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number>();

  const onChange = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
      Toast.show({ icon: 'fail', content: t('errors.1100003') });
      return;
    }
    const resized = await resizeAvatar(file).catch(() => undefined);
    if (!resized || resized.size > AVATAR_MAX_BYTES) {
      Toast.show({ icon: 'fail', content: t(resized ? 'errors.1100005' : 'errors.1100003') });
      return;
    }
    setPercent(0);
    upload.mutate(
      { file: resized, fileName: resized.name, onProgress: setPercent },
      {
        onSuccess: () => Toast.show({ icon: 'success', content: t('profile.avatarSaved') }),
        onError: (error) => Toast.show({ icon: 'fail', content: errorText(error) }),
        onSettled: () => setPercent(undefined),
      },
    );
  };

  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 16, padding: '12px 16px' }}>
      <div data-testid="h5-avatar">
        <Avatar src={favicon ?? ''} alt="" style={{ '--size': '64px', '--border-radius': '50%' }} />
      </div>
      <div style={{ flex: 1 }}>
        <Button
          size="small"
          onClick={() => input.current?.click()}
          loading={upload.isPending}
          data-testid="h5-avatar-upload"
        >
          {t('profile.changeAvatar')}
        </Button>
        <input
          ref={input}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          hidden
          aria-label={t('profile.changeAvatar')}
          onChange={(e) => void onChange(e)}
        />
        {percent !== undefined ? <ProgressBar percent={percent} style={{ marginTop: 8 }} /> : null}
      </div>
    </div>
  );
}
