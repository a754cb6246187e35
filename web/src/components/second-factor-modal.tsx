/**
 * Asks for a second factor when a security change answers 1600004
 * (docs/protocol.md#two-factor): a code from the authenticator app or a
 * recovery code, proven with twoFactor.verify; then the caller repeats the
 * change. `useSecondFactorRetry` wires it to a form's submit.
 */

import { errorCode } from '@ac/client';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { ZSecondFactorCode } from '@ac/protocol/two-factor';
import { Alert, Form, Input, Modal } from 'antd';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '@/lib/api/use-call';
import { useErrorText } from './use-error-text';

type Props = { open: boolean; onVerified: () => void; onCancel: () => void };

export function SecondFactorModal({ open, onVerified, onCancel }: Props) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  const verify = useCallMutation(calls.twoFactor.verify, { invalidates: [calls.twoFactor.status] });
  const [code, setCode] = useState('');
  const valid = ZSecondFactorCode.safeParse(code).success;

  const submit = () => {
    if (!valid || verify.isPending) return;
    verify.mutate(
      { code: code.trim() },
      {
        onSuccess: () => {
          setCode('');
          verify.reset();
          onVerified();
        },
        onError: () => setCode(''),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('common.secondFactorTitle')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onCancel}
      okButtonProps={{ disabled: !valid, loading: verify.isPending }}
      destroyOnHidden
    >
      <p>{t('common.secondFactorText')}</p>
      {verify.error ? (
        <Alert type="error" showIcon title={errorText(verify.error)} style={{ marginBottom: 12 }} role="alert" />
      ) : null}
      <Form layout="vertical" onFinish={submit}>
        <Form.Item label={t('common.secondFactorCode')} htmlFor="second-factor-code" style={{ marginBottom: 0 }}>
          <Input
            id="second-factor-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="one-time-code"
            placeholder={t('common.secondFactorPlaceholder')}
            autoFocus
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * For a form whose submit may answer 1600004: `onError(error, retry)` opens the
 * modal when the change needs a second factor (true) and repeats the change once
 * it is proven; `modal` is the element to render.
 */
export function useSecondFactorRetry(): {
  onError: (error: unknown, retry: () => void) => boolean;
  modal: ReactNode;
} {
  const retry = useRef<(() => void) | null>(null);
  const [open, setOpen] = useState(false);
  const onError = useCallback((error: unknown, again: () => void) => {
    if (errorCode(error) !== Code.secondFactorRequired) return false;
    retry.current = again;
    setOpen(true);
    return true;
  }, []);
  const modal = (
    <SecondFactorModal
      open={open}
      onCancel={() => setOpen(false)}
      onVerified={() => {
        setOpen(false);
        retry.current?.();
      }}
    />
  );
  return { onError, modal };
}
