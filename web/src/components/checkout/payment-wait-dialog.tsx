/**
 * The page flow's waiting dialog: the payment runs in a new window, which
 * the user must not close until done; "Payment done" and "Problem with
 * payment" both ask the server whether the order is paid.
 */

import { calls } from '@ac/protocol/calls';
import { App, Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/use-error-text';
import { apiCall } from '@/lib/api/api-client';

type Props = { orderNo: string; payUrl: string; onPaid: () => void; onProblem: () => void };

export function PaymentWaitDialog({ orderNo, payUrl, onPaid, onProblem }: Props) {
  const { t } = useTranslation('checkout');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [checking, setChecking] = useState<'done' | 'problem' | null>(null);

  const check = async (which: 'done' | 'problem') => {
    setChecking(which);
    try {
      const state = await apiCall(calls.payments.payState, { orderNo });
      if (state.payState === 1) onPaid();
      else if (which === 'problem') onProblem();
      else void message.warning(t('checkout.notConfirmed'));
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setChecking(null);
    }
  };

  return (
    <Modal
      open
      title={t('checkout.waitTitle')}
      closable={false}
      maskClosable={false}
      footer={[
        <Button key="problem" loading={checking === 'problem'} onClick={() => void check('problem')}>
          {t('checkout.problem')}
        </Button>,
        <Button
          key="done"
          type="primary"
          loading={checking === 'done'}
          data-testid="payment-done"
          onClick={() => void check('done')}
        >
          {t('checkout.done')}
        </Button>,
      ]}
    >
      <div data-testid="payment-wait-dialog">
        <Typography.Paragraph>{t('checkout.waitText')}</Typography.Paragraph>
        <Typography.Link href={payUrl} target="_blank" rel="noopener">
          {t('checkout.reopen')}
        </Typography.Link>
      </div>
    </Modal>
  );
}
