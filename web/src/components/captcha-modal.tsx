/**
 * The image captcha the server asks for after several code sends (1100010):
 * shows the image, takes the answer and hands back the ticket; a wrong
 * answer (1100011) loads a new image.
 */

import { errorCode } from '@ac/client';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { Alert, Button, Flex, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '@/lib/api/use-call';
import { useErrorText } from './use-error-text';

type Props = { open: boolean; onTicket: (ticket: string) => void; onCancel: () => void };

export function CaptchaModal({ open, onTicket, onCancel }: Props) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  const image = useCall(calls.codes.kaptcha, {}, { enabled: open, staleTime: 0, gcTime: 0 });
  const verify = useCallMutation(calls.codes.kaptchaVerify);
  const [answer, setAnswer] = useState('');

  const submit = () => {
    if (!image.data || !answer.trim()) return;
    verify.mutate(
      { imageKey: image.data.imageKey, answer: answer.trim() },
      {
        onSuccess: ({ ticket }) => {
          setAnswer('');
          verify.reset();
          onTicket(ticket);
        },
        onError: (error) => {
          setAnswer('');
          if (errorCode(error) === Code.captchaWrong) void image.refetch();
        },
      },
    );
  };
  const failure = verify.error ?? image.error;

  return (
    <Modal
      open={open}
      title={t('common.captchaTitle')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onCancel}
      okButtonProps={{ disabled: !answer.trim(), loading: verify.isPending }}
      destroyOnHidden
    >
      {failure ? <Alert type="error" showIcon title={errorText(failure)} style={{ marginBottom: 12 }} /> : null}
      <Form layout="vertical" onFinish={submit}>
        <Flex gap={12} align="center" style={{ marginBottom: 12 }}>
          {image.data ? (
            <img src={image.data.image} alt={t('common.captchaImage')} height={48} data-testid="captcha-image" />
          ) : null}
          <Button onClick={() => void image.refetch()} loading={image.isFetching}>
            {t('common.captchaRefresh')}
          </Button>
        </Flex>
        <Form.Item label={t('common.captchaAnswer')} htmlFor="captcha-answer" style={{ marginBottom: 0 }}>
          <Input id="captcha-answer" value={answer} onChange={(e) => setAnswer(e.target.value)} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
