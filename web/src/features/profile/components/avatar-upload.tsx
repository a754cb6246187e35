/**
 * The avatar: pick a JPEG or PNG, crop it square, scale it to 300×300,
 * refuse it over 2 MB (crop again), upload it with a progress bar.
 */
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@ac/protocol/profile';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Flex, Progress, Typography, Upload, type UploadProps } from 'antd';
import ImgCrop from 'antd-img-crop';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/use-error-text';
import { useUploadAvatar } from '../api/upload-avatar';
import { resizeAvatar } from './resize-avatar';

const isAllowedType = (type: string) => (AVATAR_TYPES as readonly string[]).includes(type);

export function AvatarUpload({ favicon }: { favicon: string | null }) {
  const { t } = useTranslation(['profile', 'errors', 'common']);
  const { message } = App.useApp();
  const errorText = useErrorText();
  const upload = useUploadAvatar();
  const [percent, setPercent] = useState<number>();

  const beforeCrop: UploadProps['beforeUpload'] = (file) => {
    if (isAllowedType(file.type)) return true;
    void message.error(t('errors.1100003'));
    return false;
  };
  const beforeUpload: UploadProps['beforeUpload'] = async (file) => {
    const resized = await resizeAvatar(file).catch(() => undefined);
    if (!resized) {
      void message.error(t('errors.1100003'));
      return Upload.LIST_IGNORE;
    }
    if (resized.size > AVATAR_MAX_BYTES) {
      void message.error(t('errors.1100005'));
      return Upload.LIST_IGNORE;
    }
    return resized;
  };
  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    if (!(file instanceof Blob)) return;
    setPercent(0);
    upload.mutate(
      { file, fileName: file instanceof File ? file.name : 'avatar.png', onProgress: setPercent },
      {
        onSuccess: () => void message.success(t('profile.avatarSaved')),
        onError: (error) => void message.error(errorText(error)),
        onSettled: () => setPercent(undefined),
      },
    );
  };

  return (
    <Flex gap={16} align="center" wrap>
      <Avatar size={96} src={favicon || undefined} icon={<UserOutlined />} alt={t('profile.avatar')} />
      <Flex vertical gap={8} style={{ minWidth: 200 }}>
        <ImgCrop
          aspect={1}
          quality={0.92}
          showReset
          beforeCrop={beforeCrop}
          modalTitle={t('profile.cropTitle')}
          modalOk={t('common.confirm')}
          modalCancel={t('common.cancel')}
          resetText={t('profile.cropReset')}
        >
          <Upload
            accept={AVATAR_TYPES.join(',')}
            showUploadList={false}
            beforeUpload={beforeUpload}
            customRequest={customRequest}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="avatar-upload">
              {t('profile.changeAvatar')}
            </Button>
          </Upload>
        </ImgCrop>
        {percent !== undefined ? <Progress percent={percent} size="small" data-testid="avatar-progress" /> : null}
        <Typography.Text type="secondary">{t('profile.avatarRules')}</Typography.Text>
      </Flex>
    </Flex>
  );
}
