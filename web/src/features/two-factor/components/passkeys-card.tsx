/**
 * Security: the member's passkeys (docs/decisions/0047-passkeys.md): the
 * list (name, added, last used, synced), add one (a name, then the browser's
 * ceremony), rename, remove. Adding and removing are two-factor settings:
 * with two-step verification on they may answer 1600004, and the second
 * factor prompt opens and repeats them.
 */

import { errorCode } from '@ac/client';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { type TPasskey, ZPasskeyName } from '@ac/protocol/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Form, Input, Modal, Popconfirm, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { useSecondFactorRetry } from '@/components/second-factor-modal';
import { useErrorText } from '@/components/use-error-text';
import { usePasskeyErrorText } from '@/components/use-passkey-error-text';
import { apiCall } from '@/lib/api/api-client';
import { invalidateCall, useCall, useCallMutation } from '@/lib/api/use-call';
import { formatDateTime } from '@/lib/format/date';
import { createPasskey, passkeysSupported } from '@/lib/passkeys/passkeys';

type Naming = { mode: 'add' } | { mode: 'rename'; passkey: TPasskey };

export function PasskeysCard() {
  const { t } = useTranslation(['security', 'common']);
  const list = useCall(calls.twoFactor.passkeys, {});
  const queryClient = useQueryClient();
  const secondFactor = useSecondFactorRetry();
  const errorText = useErrorText();
  const passkeyErrorText = usePasskeyErrorText();
  const [naming, setNaming] = useState<Naming | null>(null);
  const [name, setName] = useState('');
  const supported = passkeysSupported();

  const add = useMutation({
    mutationFn: async (passkeyName: string) => {
      const { challengeId, options } = await apiCall(calls.twoFactor.passkeyRegisterOptions, {});
      const response = await createPasskey(options);
      return apiCall(calls.twoFactor.passkeyRegister, { challengeId, response, name: passkeyName });
    },
    onSuccess: async () => {
      await invalidateCall(queryClient, calls.twoFactor.passkeys);
      setNaming(null);
    },
  });
  const rename = useCallMutation(calls.twoFactor.passkeyRename, {
    invalidates: [calls.twoFactor.passkeys],
    onSuccess: () => setNaming(null),
  });
  const remove = useCallMutation(calls.twoFactor.passkeyRemove, { invalidates: [calls.twoFactor.passkeys] });

  const open = (next: Naming) => {
    add.reset();
    rename.reset();
    setName(
      next.mode === 'rename'
        ? next.passkey.name
        : t('security.passkeyDefaultName', { n: (list.data?.rows.length ?? 0) + 1 }),
    );
    setNaming(next);
  };
  const valid = ZPasskeyName.safeParse(name).success;
  const submit = () => {
    if (!naming || !valid) return;
    const trimmed = name.trim();
    if (naming.mode === 'rename') {
      rename.mutate({ id: naming.passkey.id, name: trimmed });
      return;
    }
    const run = () =>
      add.mutate(trimmed, {
        onError: (error) => {
          if (secondFactor.onError(error, run)) setNaming(null);
        },
      });
    run();
  };
  const removeOne = (id: string) => {
    const run = () => remove.mutate({ id }, { onError: (error) => void secondFactor.onError(error, run) });
    run();
  };
  const namingError = naming?.mode === 'add' ? add.error : rename.error;
  const rows = list.data?.rows ?? [];

  return (
    <Card className="passkeys-card" data-testid="passkeys-card">
      <Flex vertical gap={12} align="stretch">
        <Flex gap={8} align="center" justify="space-between" wrap>
          <h2 className="two-factor-heading">{t('security.passkeysTitle')}</h2>
          {supported ? (
            <Button type="primary" onClick={() => open({ mode: 'add' })} data-testid="passkey-add">
              {t('security.passkeyAdd')}
            </Button>
          ) : null}
        </Flex>
        <p style={{ margin: 0 }}>{t('security.passkeysText')}</p>
        {supported ? null : <Alert type="info" showIcon title={t('security.passkeysUnsupported')} />}
        <QueryErrorAlert query={list} />
        {remove.error && errorCode(remove.error) !== Code.secondFactorRequired ? (
          <Alert type="error" showIcon role="alert" title={errorText(remove.error)} />
        ) : null}
        {list.isPending ? <Skeleton active /> : null}
        {list.data && rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('security.passkeysNone')} />
        ) : null}
        {rows.length > 0 ? (
          <ul className="passkey-list">
            {rows.map((p) => (
              <li key={p.id} className="passkey-row" data-row-key={p.id} data-testid="passkey-row">
                <div className="passkey-info">
                  <div className="passkey-name">
                    <span data-testid="passkey-name">{p.name}</span>
                    {p.synced ? <Tag>{t('security.passkeySynced')}</Tag> : null}
                  </div>
                  <div className="passkey-meta">
                    <span>{t('security.passkeyAdded', { date: formatDateTime(p.createdAt) })}</span>
                    <span>
                      {p.lastUsedAt
                        ? t('security.passkeyLastUsed', { date: formatDateTime(p.lastUsedAt) })
                        : t('security.passkeyNeverUsed')}
                    </span>
                  </div>
                </div>
                <Flex gap={8} wrap className="passkey-actions">
                  <Button size="small" onClick={() => open({ mode: 'rename', passkey: p })}>
                    {t('security.passkeyRename')}
                  </Button>
                  <Popconfirm
                    title={t('security.passkeyRemoveConfirm', { name: p.name })}
                    okText={t('security.passkeyRemove')}
                    cancelText={t('common.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => removeOne(p.id)}
                  >
                    <Button size="small" danger loading={remove.isPending && remove.variables?.id === p.id}>
                      {t('security.passkeyRemove')}
                    </Button>
                  </Popconfirm>
                </Flex>
              </li>
            ))}
          </ul>
        ) : null}
      </Flex>
      <Modal
        open={naming !== null}
        title={naming?.mode === 'rename' ? t('security.passkeyRenameTitle') : t('security.passkeyAddTitle')}
        okText={naming?.mode === 'rename' ? t('common.save') : t('security.passkeyCreate')}
        cancelText={t('common.cancel')}
        onOk={submit}
        onCancel={() => setNaming(null)}
        okButtonProps={{ disabled: !valid, loading: add.isPending || rename.isPending }}
        destroyOnHidden
      >
        {naming?.mode === 'add' ? <p>{t('security.passkeyAddHint')}</p> : null}
        {namingError ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={passkeyErrorText(namingError)}
            style={{ marginBottom: 12 }}
          />
        ) : null}
        <Form layout="vertical" onFinish={submit}>
          <Form.Item label={t('security.passkeyName')} htmlFor="passkey-name" style={{ marginBottom: 0 }}>
            <Input id="passkey-name" value={name} maxLength={64} onChange={(e) => setName(e.target.value)} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
      {secondFactor.modal}
    </Card>
  );
}
