/** The support actions on a member, each shown only to a role that may do it (the server checks again). */
import { consoleCalls } from '@ac/protocol/console/console-calls';
import type { TUserView } from '@ac/protocol/console/console-shapes';
import { MAX_EXTENSION_DAYS } from '@ac/protocol/console/staff';
import { GOODS_CODES } from '@ac/protocol/enums';
import { App, Button, Form, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsoleMutation } from '../api/console-api';
import { ActionDialog } from './action-dialog';
import { date } from './format';
import { useMay } from './staff-context';

type Dialog = 'endSessions' | 'block' | 'unblock' | 'extend' | null;

export function SupportActions({ user }: { user: TUserView }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>(null);
  const userId = user.profile.id;
  const endSessions = useConsoleMutation(consoleCalls.users.endSessions);
  const block = useConsoleMutation(consoleCalls.users.block);
  const unblock = useConsoleMutation(consoleCalls.users.unblock);
  const extend = useConsoleMutation(consoleCalls.users.extendMembership);
  const mayEnd = useMay('users.endSessions');
  const mayBlock = useMay('users.block');
  const mayExtend = useMay('users.extendMembership');
  if (!mayEnd && !mayBlock && !mayExtend) return null;
  const close = () => setDialog(null);
  const done = (text: string) => {
    close();
    void message.success(text);
  };
  const blocked = Boolean(user.profile.blockedAt);

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
