import { ORDER_STATUSES } from '@ac/protocol/enums';
import { describe, expect, it } from 'vitest';
import { canCancel, canPay } from './order-rules';

describe('order rules', () => {
  it('cancels only unpaid (0) orders, not one whose payment is under way (6)', () => {
    expect(ORDER_STATUSES.filter(canCancel)).toEqual([0]);
  });
  it('pays unpaid, payment-failed and payment-not-confirmed orders', () => {
    expect(ORDER_STATUSES.filter((status) => canPay({ status, channel: 'web' })).sort()).toEqual([0, 4, 6]);
  });
  it('pays no renewing membership order by hand, not even a failed renewal: the provider retries it', () => {
    expect(ORDER_STATUSES.filter((status) => canPay({ status, channel: 'subscription' }))).toEqual([]);
  });
});
