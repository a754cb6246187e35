/** A table cell with an order's time and, under it, its number (orders and redeem-code orders). */
import { Typography } from 'antd';
import { formatDateTime } from '@/lib/format/date';

export function OrderTimeCell({ time, orderNo }: { time: string; orderNo: string }) {
  return (
    <>
      <div>{formatDateTime(time)}</div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {orderNo}
      </Typography.Text>
    </>
  );
}
