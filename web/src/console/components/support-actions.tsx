/**
 * The support actions on a member, each shown only to a role that may do it (the server checks
 * again) and only where it applies: resending the activation mail to an unactivated account with
 * an email, resending a verification code the member waits for at their email or mobile, unbinding one of its bound devices, unlocking the login of its email and mobile.
 */
import { consoleCalls } from '@ac/protocol/console/console-calls';
import type { TUserView } from '@ac/protocol/console/console-shapes';
import { MAX_EXTENSION_DAYS } from '@ac/protocol/console/staff';
import { GOODS_CODES } from '@ac/protocol/enums';
import { App, Button, Form, InputNumber, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsoleMutation } from '../api/console-api';
import { ActionDialog } from './action-dialog';
import { date } from './format';
import { useMay } from './staff-context';

type Dialog =
  | 'endSessions'
  | 'block'
  | 'unblock'
  | 'extend'
  | 'resendActivation'
  | 'resendCode'
  | 'unbindDevice'
  | 'unlockLogin'
  | null;

export function SupportActions({ user }: { user: TUserView }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>(null);
  const userId = user.profile.id;
  const endSessions = useConsoleMutation(consoleCalls.users.endSessions);
  const block = useConsoleMutation(consoleCalls.users.block);
  const unblock = useConsoleMutation(consoleCalls.users.unblock);
  const extend = useConsoleMutation(consoleCalls.users.extendMembership);
  const resendActivation = useConsoleMutation(consoleCalls.users.resendActivation);
  const resendCode = useConsoleMutation(consoleCalls.users.resendCode);
  const unbindDevice = useConsoleMutation(consoleCalls.users.unbindDevice);
  const unlockLogin = useConsoleMutation(consoleCalls.users.unlockLogin);
  const mayEnd = useMay('users.endSessions');
  const mayBlock = useMay('users.block');
  const mayExtend = useMay('users.extendMembership');
  const mayResend = useMay('users.resendActivation');
  const mayResendCode = useMay('users.resendCode');
  const mayUnbind = useMay('users.unbindDevice');
  const mayUnlock = useMay('users.unlockLogin');
  if (!mayEnd && !mayBlock && !mayExtend && !mayResend && !mayResendCode && !mayUnbind && !mayUnlock) return null;
  const close = () => setDialog(null);
  const done = (text: string) => {
    close();
    void message.success(text);
  };
  const blocked = Boolean(user.profile.blockedAt);
  const canResend = mayResend && !user.profile.activated && Boolean(user.profile.email);
  const codeChannels = (['email', 'mobile'] as const).filter((c) => Boolean(user.profile[c]));
  const canResendCode = mayResendCode && codeChannels.length > 0;
  const boundDevices = user.devices.filter((d) => d.status === 'bound');
  const canUnbind = mayUnbind && boundDevices.length > 0;
  const canUnlock = mayUnlock && Boolean(user.profile.email || user.profile.mobile);

  return (
    <section aria-label={t('actions')}>
      <Space wrap>
        {mayEnd ? <Button onClick={() => setDialog('endSessions')}>{t('endSessions')}</Button> : null}
        {mayExtend ? (
          <Button type="primary" onClick={() => setDialog('extend')}>
            {t('extend')}
          </Button>
        ) : null}
        {mayBlock && !blocked ? (
          <Button danger onClick={() => setDialog('block')}>
            {t('block')}
          </Button>
        ) : null}
        {mayBlock && blocked ? <Button onClick={() => setDialog('unblock')}>{t('unblock')}</Button> : null}
        {canResend ? <Button onClick={() => setDialog('resendActivation')}>{t('resendActivation')}</Button> : null}
        {canResendCode ? <Button onClick={() => setDialog('resendCode')}>{t('resendCode')}</Button> : null}
        {canUnbind ? <Button onClick={() => setDialog('unbindDevice')}>{t('unbindDevice')}</Button> : null}
        {canUnlock ? <Button onClick={() => setDialog('unlockLogin')}>{t('unlockLogin')}</Button> : null}
      </Space>

      <ActionDialog<object>
        title={t('endSessions')}
        open={dialog === 'endSessions'}
        pending={endSessions.isPending}
        error={endSessions.error}
        onCancel={close}
        onSubmit={({ reason }) =>
          endSessions.mutate(
            { userId, reason },
            { onSuccess: ({ ended }) => done(t('sessionsEnded', { count: ended })) },
          )
        }
      />
      <ActionDialog<object>
        title={t('block')}
        danger
        open={dialog === 'block'}
        pending={block.isPending}
        error={block.error}
        onCancel={close}
        onSubmit={({ reason }) => block.mutate({ userId, reason }, { onSuccess: () => done(t('blockedDone')) })}
      />
      <ActionDialog<object>
        title={t('unblock')}
        open={dialog === 'unblock'}
        pending={unblock.isPending}
        error={unblock.error}
        onCancel={close}
        onSubmit={({ reason }) => unblock.mutate({ userId, reason }, { onSuccess: () => done(t('unblockedDone')) })}
      />
      <ActionDialog<object>
        title={t('resendActivation')}
        open={dialog === 'resendActivation'}
        pending={resendActivation.isPending}
        error={resendActivation.error}
        onCancel={close}
        onSubmit={({ reason }) =>
          resendActivation.mutate(
            { userId, reason },
            { onSuccess: ({ email }) => done(t('resendActivationDone', { email })) },
          )
        }
      >
        <Typography.Paragraph>{t('resendActivationHint', { email: user.profile.email })}</Typography.Paragraph>
      </ActionDialog>
      <ActionDialog<{ channel: 'email' | 'mobile' }>
        title={t('resendCode')}
        open={dialog === 'resendCode'}
        pending={resendCode.isPending}
        error={resendCode.error}
        onCancel={() => {
          close();
          resendCode.reset();
        }}
        onSubmit={({ channel, reason }) =>
          resendCode.mutate(
            { userId, channel, reason },
            { onSuccess: ({ target }) => done(t('resendCodeDone', { target })) },
          )
        }
      >
        <Typography.Paragraph>{t('resendCodeHint')}</Typography.Paragraph>
        <Form.Item name="channel" label={t('resendCodeTo')} initialValue={codeChannels[0]} rules={[{ required: true }]}>
          <Select
            options={codeChannels.map((c) => ({ value: c, label: `${t(`channel_${c}`)} · ${user.profile[c]}` }))}
          />
        </Form.Item>
      </ActionDialog>
      <ActionDialog<{ deviceId: string }>
        title={t('unbindDevice')}
        open={dialog === 'unbindDevice'}
        pending={unbindDevice.isPending}
        error={unbindDevice.error}
        onCancel={close}
        onSubmit={({ deviceId, reason }) =>
          unbindDevice.mutate(
            { userId, deviceId, reason },
            { onSuccess: ({ sessionsEnded }) => done(t('unbindDeviceDone', { count: sessionsEnded })) },
          )
        }
      >
        <Form.Item
          name="deviceId"
          label={t('device')}
          extra={t('unbindDeviceHint')}
          initialValue={boundDevices.length === 1 ? boundDevices[0]!.id : undefined}
          rules={[{ required: true }]}
        >
          <Select options={boundDevices.map((d) => ({ value: d.id, label: `${d.name} (${d.model}) · ${d.uuid}` }))} />
        </Form.Item>
      </ActionDialog>
      <ActionDialog<object>
        title={t('unlockLogin')}
        open={dialog === 'unlockLogin'}
        pending={unlockLogin.isPending}
        error={unlockLogin.error}
        onCancel={close}
        onSubmit={({ reason }) =>
          unlockLogin.mutate(
            { userId, reason },
            { onSuccess: ({ locked }) => done(t(locked ? 'unlockLoginDone' : 'unlockLoginNotLocked')) },
          )
        }
      >
        <Typography.Paragraph>{t('unlockLoginHint')}</Typography.Paragraph>
      </ActionDialog>
      <ActionDialog<{ goodsCode: string; days: number }>
        title={t('extend')}
        open={dialog === 'extend'}
        pending={extend.isPending}
        error={extend.error}
        onCancel={close}
        onSubmit={(v) =>
          extend.mutate(
            { userId, goodsCode: v.goodsCode, days: v.days, reason: v.reason },
            {
              onSuccess: (r) => done(t('extendedDone', { date: date(r.endTime), orderNo: r.orderNo })),
            },
          )
        }
      >
        <Form.Item
          name="goodsCode"
          label={t('goodsCode')}
          initialValue={user.memberships.find((m) => m.live)?.goodsCode}
          rules={[{ required: true }]}
        >
          <Select options={GOODS_CODES.map((code) => ({ value: code, label: code }))} />
        </Form.Item>
        <Form.Item
          name="days"
          label={t('days')}
          extra={t('daysHint', { max: MAX_EXTENSION_DAYS })}
          rules={[{ required: true, type: 'integer', min: 1, max: MAX_EXTENSION_DAYS }]}
        >
          <InputNumber min={1} max={MAX_EXTENSION_DAYS} precision={0} style={{ width: 140 }} />
        </Form.Item>
      </ActionDialog>
    </section>
  );
}
