/**
 * Cancel an order after confirmation (docs/product.md#states); only rendered for statuses
 * 0 and 6. A raced refusal (2000003) shows the server's catalogue message.
 */
import type { TOrderStatus } from '@ac/protocol/enums';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/use-error-text';
import { useCancelOrder } from '../api/cancel-order';
import { canCancel } from './order-rules';

type Props = { orderNo: string; status: TOrderStatus; size?: 'small' | 'middle' };

export function CancelOrderButton({ orderNo, status, size = 'middle' }: Props) {
  const { t } = useTranslation('orders');
  const { modal, message } = App.useApp();
  const errorText = useErrorText();
  const cancel = useCancelOrder();
  if (!canCancel(status)) return null;

  const confirm = () =>
    modal.confirm({
      title: t('orders.cancelConfirmTitle'),
      content: t('orders.cancelConfirmText', { orderNo }),
      okText: t('orders.cancelConfirmOk'),
      okButtonProps: { danger: true, 'data-testid': 'cancel-order-confirm' },
      cancelText: t('orders.cancelConfirmBack'),
      onOk: () =>
        cancel.mutateAsync(orderNo).then(
          () => void message.success(t('orders.cancelled')),
          (error: unknown) => void message.error(errorText(error)),
        ),
    });

  return (
    <Button danger size={size} data-testid="cancel-order" loading={cancel.isPending} onClick={confirm}>
      {t('orders.cancelOrder')}
    </Button>
  );
}
