/** Devices for the mobile shell: one antd-mobile list item per device, with bind / unbind after confirmation. */

import { errorCode } from '@ac/client';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TDeviceRow } from '@ac/protocol/devices';
import { Button, Dialog, DotLoading, ErrorBlock, Form, Input, List, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/use-error-text';
import { useCall } from '@/lib/api/use-call';
import { EMPTY_VALUE, formatDateTime } from '@/lib/format/date';
import { useBindDevice, useUnbindDevice } from '../api/use-device-mutations';
import { ConfirmDialogMobile } from './confirm-dialog-mobile';
import { useDeviceErrorText } from './device-error-text';
import { DeviceStatusTag } from './device-status-tag';

export function DeviceListMobile() {
  const { t } = useTranslation(['devices', 'enums']);
  const errorText = useErrorText();
  const devices = useCall(calls.devices.list, { pageNo: 1, pageSize: 100 });
  if (devices.isPending) return <DotLoading color="primary" />;
  if (devices.error) return <ErrorBlock status="default" title={errorText(devices.error)} description={null} />;
  if (devices.data.rows.length === 0)
    return <ErrorBlock status="empty" title={t('devices.empty')} description={null} />;
  const { boundLimit } = devices.data;
  return (
    <List
      data-testid="devices-list"
      aria-label={t('devices.pageTitle')}
      header={
        <span data-testid="devices-bound-count">
          {t('devices.boundCount', { bound: devices.data.bound, limit: boundLimit })}
        </span>
      }
    >
      {devices.data.rows.map((device) => (
        <List.Item
          key={device.id}
          extra={<DeviceStatusTag status={device.status} />}
          description={
            <>
              <div>
                {t('devices.mac')}: {device.mac}
              </div>
              <div>
                {t('devices.lastTime')}: {formatDateTime(device.lastTime)} · {device.lastIp ?? EMPTY_VALUE}
              </div>
              <div>
                {t('devices.clientVersion')}: {device.clientVersion}
              </div>
              <div style={{ marginTop: 8 }}>
                <MobileDeviceAction device={device} boundLimit={boundLimit} />
              </div>
            </>
          }
        >
          {device.name} <span style={{ color: '#595959', fontSize: 13 }}>{device.model}</span>
        </List.Item>
      ))}
    </List>
  );
}

function MobileDeviceAction({ device, boundLimit }: { device: TDeviceRow; boundLimit: number }) {
  const { t } = useTranslation('devices');
  const bind = useBindDevice();
  const unbind = useUnbindDevice();
  const deviceError = useDeviceErrorText(boundLimit);
  const [reauth, setReauth] = useState(false);

  const [confirming, setConfirming] = useState<'bind' | 'unbind' | null>(null);

  const doBind = () =>
    bind.mutate(
      { id: device.id },
      {
        onSuccess: () => Toast.show({ icon: 'success', content: t('devices.bound') }),
        onError: (error) => Toast.show({ icon: 'fail', content: deviceError(error) }),
      },
    );

  const doUnbind = () =>
    unbind.mutate(
      { id: device.id },
      {
        onSuccess: () => Toast.show({ icon: 'success', content: t('devices.unbound') }),
        onError: (error) => {
          if (errorCode(error) === Code.reauthRequired) setReauth(true);
          else Toast.show({ icon: 'fail', content: deviceError(error) });
        },
      },
    );

  return (
    <>
      {device.status === 'bound' ? (
        <Button
          size="mini"
          color="danger"
          fill="outline"
          data-testid="device-unbind"
          onClick={() => setConfirming('unbind')}
        >
          {t('devices.unbind')}
        </Button>
      ) : (
        <Button size="mini" color="primary" data-testid="device-bind" onClick={() => setConfirming('bind')}>
          {t('devices.bind')}
        </Button>
      )}
      {confirming === 'bind' ? (
        <ConfirmDialogMobile
          title={t('devices.bindConfirmTitle')}
          content={t('devices.bindConfirmText', { name: device.name })}
          confirmText={t('devices.bind')}
          confirmTestId="device-bind-confirm"
          onConfirm={doBind}
          onClose={() => setConfirming(null)}
        />
      ) : null}
      {confirming === 'unbind' ? (
        <ConfirmDialogMobile
          title={t('devices.unbindConfirmTitle')}
          content={t('devices.unbindConfirmText', { name: device.name })}
          confirmText={t('devices.unbind')}
          confirmTestId="device-unbind-confirm"
          danger
          onConfirm={doUnbind}
          onClose={() => setConfirming(null)}
        />
      ) : null}
      <MobileReauth deviceId={device.id} visible={reauth} onClose={() => setReauth(false)} />
    </>
  );
}

/** "Confirm it's you" in the mobile shell: the current password, then the unbinding again. */
function MobileReauth({ deviceId, visible, onClose }: { deviceId: string; visible: boolean; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const errorText = useErrorText();
  const unbind = useUnbindDevice();
  const [password, setPassword] = useState('');
  const submit = () => {
    if (!password) return;
    unbind.mutate(
      { id: deviceId, password },
      {
        onSuccess: () => {
          Toast.show({ icon: 'success', content: t('devices.unbound') });
          setPassword('');
          onClose();
        },
      },
    );
  };
  return (
    <Dialog
      visible={visible}
      title={t('devices.reauthTitle')}
      content={
        <Form layout="vertical">
          <p style={{ margin: '0 0 8px' }}>{t('devices.reauthHint')}</p>
          <Form.Item label={t('devices.reauthPassword')} help={unbind.error ? errorText(unbind.error) : undefined}>
            <Input
              type="password"
              value={password}
              onChange={setPassword}
              autoComplete="current-password"
              data-testid="device-reauth-password"
            />
          </Form.Item>
        </Form>
      }
      closeOnAction={false}
      onClose={onClose}
      actions={[
        [
          { key: 'back', text: t('devices.back'), onClick: onClose },
          {
            key: 'unbind',
            text: t('devices.unbind'),
            danger: true,
            bold: true,
            disabled: !password || unbind.isPending,
            onClick: submit,
          },
        ],
      ]}
    />
  );
}
