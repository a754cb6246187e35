/**
 * Bind or unbind one device after confirmation. Unbinding from a login older
 * than 15 minutes asks for the current password ("confirm it's you"); over
 * the membership's limit, binding names the limit.
 */
import { errorCode } from '@ac/client';
import { Code } from '@ac/protocol/codes';
import type { TDeviceRow } from '@ac/protocol/devices';
import { App, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/use-error-text';
import { useBindDevice, useUnbindDevice } from '../api/use-device-mutations';
import { useDeviceErrorText } from './device-error-text';

type Props = { device: TDeviceRow; boundLimit: number };

export function DeviceActions({ device, boundLimit }: Props) {
  const { t } = useTranslation('devices');
  const { modal, message } = App.useApp();
  const bind = useBindDevice();
  const unbind = useUnbindDevice();
  const deviceError = useDeviceErrorText(boundLimit);
  const [reauth, setReauth] = useState(false);

  const confirmBind = () =>
    modal.confirm({
      title: t('devices.bindConfirmTitle'),
      content: t('devices.bindConfirmText', { name: device.name }),
      okText: t('devices.bind'),
      okButtonProps: { 'data-testid': 'device-bind-confirm' },
      cancelText: t('devices.back'),
      onOk: () =>
        bind.mutateAsync({ id: device.id }).then(
          () => void message.success(t('devices.bound')),
          (error: unknown) => void message.error(deviceError(error)),
        ),
    });

  const confirmUnbind = () =>
    modal.confirm({
      title: t('devices.unbindConfirmTitle'),
      content: t('devices.unbindConfirmText', { name: device.name }),
      okText: t('devices.unbind'),
      okButtonProps: { danger: true, 'data-testid': 'device-unbind-confirm' },
      cancelText: t('devices.back'),
      onOk: () =>
        unbind.mutateAsync({ id: device.id }).then(
          () => void message.success(t('devices.unbound')),
          (error: unknown) => {
            if (errorCode(error) === Code.reauthRequired) setReauth(true);
            else void message.error(deviceError(error));
          },
        ),
    });

  return (
    <>
      {device.status === 'bound' ? (
        <Button size="small" data-testid="device-unbind" loading={unbind.isPending} onClick={confirmUnbind}>
          {t('devices.unbind')}
        </Button>
      ) : (
        <Button size="small" type="primary" data-testid="device-bind" loading={bind.isPending} onClick={confirmBind}>
          {t('devices.bind')}
        </Button>
      )}
      {reauth ? <ReauthModal deviceId={device.id} onClose={() => setReauth(false)} /> : null}
    </>
  );
}

/** "Confirm it's you": the current password, then the unbinding again. */
function ReauthModal({ deviceId, onClose }: { deviceId: string; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const unbind = useUnbindDevice();
  const [form] = Form.useForm<{ password: string }>();
  const submit = async () => {
    const { password } = await form.validateFields();
    unbind.mutate(
      { id: deviceId, password },
      {
        onSuccess: () => {
          void message.success(t('devices.unbound'));
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open
      title={t('devices.reauthTitle')}
      okText={t('devices.unbind')}
      okButtonProps={{ danger: true, loading: unbind.isPending, 'data-testid': 'device-reauth-submit' }}
      cancelText={t('devices.back')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('devices.reauthHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="password"
          label={t('devices.reauthPassword')}
          rules={[{ required: true, message: t('devices.reauthPasswordRequired') }]}
          validateStatus={unbind.error ? 'error' : undefined}
          help={unbind.error ? errorText(unbind.error) : undefined}
        >
          <Input.Password autoComplete="current-password" data-testid="device-reauth-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
