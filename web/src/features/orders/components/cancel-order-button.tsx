/**
 * Cancel an order after confirmation (docs/product.md#states); only rendered for an unpaid
 * order (status 0). A raced refusal (2000003) names the order's status as the
 * server saw it, translated.
 */

import { errorCode } from '@ac/client';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TOrderStatus } from '@ac/protocol/enums';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/use-error-text';
import { invalidateCall, useCallMutation } from '@/lib/api/use-call';
import { orderStatusKey } from '@/lib/enum-keys';
import { refusedStatus } from './cancel-refusal';
import { canCancel } from './order-rules';

type Props = { orderNo: string; status: TOrderStatus; size?: 'small' | 'middle' };

export function CancelOrderButton({ orderNo, status, size = 'middle' }: Props) {
  const { t } = useTranslation('orders');
  const { modal, message } = App.useApp();
  const errorText = useErrorText();
  const cancel = useCallMutation(calls.orders.cancel, {
    // refused or not, the list and the detail show the order as it is now
    onSettled: (_data, _error, _variables, _onMutateResult, { client }) =>
      invalidateCall(client, calls.orders.detail, calls.orders.list),
  });
  if (!canCancel(status)) return null;

  const refusalText = (error: unknown) =>
    errorCode(error) === Code.orderCannotCancel
      ? t('errors.2000003', { status: t(orderStatusKey(refusedStatus(error, status))) })
      : errorText(error);

  const confirm = () =>
    modal.confirm({
      title: t('orders.cancelConfirmTitle'),
      content: t('orders.cancelConfirmText', { orderNo }),
      okText: t('orders.cancelConfirmOk'),
      okButtonProps: { danger: true, 'data-testid': 'cancel-order-confirm' },
      cancelText: t('orders.cancelConfirmBack'),
      onOk: () =>
        cancel.mutateAsync({ orderNo }).then(
          () => void message.success(t('orders.cancelled')),
          (error: unknown) => void message.error(refusalText(error)),
        ),
    });

  return (
    <Button danger size={size} data-testid="cancel-order" loading={cancel.isPending} onClick={confirm}>
      {t('orders.cancelOrder')}
    </Button>
  );
}
