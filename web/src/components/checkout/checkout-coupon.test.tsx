import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TOrderDetail } from '@ac/protocol/commerce';
import type { TCouponOffer } from '@ac/protocol/coupons';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { CheckoutDialog, checkoutOrderOf } from './checkout-dialog';

const usd = (amount: number) => ({ amount, currency: 'USD' as const });
const order = (discount = 0, couponCode: string | null = null): TOrderDetail => ({
  orderNo: 'AC1',
  orderTime: '2026-06-01T00:00:00Z',
  goodsCode: 'ML2',
  goodsName: 'Viewer Premium',
  serviceType: 'membership',
  channel: 'web',
  orderAmount: usd(3999),
  discountAmount: usd(discount),
  dueAmount: usd(3999 - discount),
  payAmount: usd(0),
  payTime: null,
  payMethod: null,
  orderType: 'automatic',
  status: 0,
  startDate: null,
  endDate: null,
  detailState: 'pending',
  payState: 0,
  refundAmount: usd(0),
  couponCode,
  lines: [],
});
const offer: TCouponOffer = {
  code: 'SPRING10',
  kind: 'amount',
  amountOff: usd(1000),
  percentOff: null,
  goodsCodes: null,
  validFrom: '2026-01-01T00:00:00Z',
  validTo: '2099-01-01T00:00:00Z',
  perUserLimit: 1,
  usesLeft: 1,
  tab: 'unused',
  lastOrderNo: null,
  discount: usd(1000),
  dueAmount: usd(2999),
};

const server = installFakeServer();
let applied: string | null = null;
beforeEach(() => {
  applied = null;
  server.on(calls.orders.couponOffers.path, () => ({ bizData: { applied, rows: [offer] } }));
  server.on(calls.orders.coupon.path, (payload) => {
    const { coupon } = payload as { coupon: string | null };
    if (coupon === 'WRONGGOODS') return { code: Code.couponNotApplicable };
    applied = coupon;
    return { bizData: coupon ? order(1000, coupon) : order() };
  });
});
afterEach(() => window.history.replaceState({}, '', '/'));

const dialog = () => screen.findByTestId('checkout-dialog', {}, { timeout: 5000 });
const noop = () => {};

describe('the checkout coupon', () => {
  it('offers my coupons with the amount left to pay; choosing one shows the discount the server computed', async () => {
    await renderWithApp(<CheckoutDialog order={checkoutOrderOf(order())} onClose={noop} onPaid={noop} />);
    const d = await dialog();
    expect(within(d).getByTestId('checkout-amount').textContent).toBe('$39.99');
    expect(within(d).queryByTestId('checkout-discount')).toBeNull();
    fireEvent.mouseDown(within(d).getByRole('combobox'));
    fireEvent.click(await screen.findByText('$10.00 off · SPRING10 → $29.99'));
    await waitFor(() => expect(within(d).getByTestId('checkout-amount').textContent).toBe('$29.99'));
    expect(within(d).getByTestId('checkout-discount').textContent).toBe('−$10.00');
    expect(within(d).getByTestId('checkout-price').textContent).toBe('$39.99');
    const sent = server.calls.filter((c) => c.path === calls.orders.coupon.path);
    expect(sent).toHaveLength(1);
  });

  it('takes a typed code, pre-filled from the coupon URL parameter, and shows a refusal in words', async () => {
    window.history.replaceState({}, '', '/products?coupon=WRONGGOODS');
    await renderWithApp(<CheckoutDialog order={checkoutOrderOf(order())} onClose={noop} onPaid={noop} />);
    const d = await dialog();
    const input = within(d).getByTestId('checkout-coupon-input') as HTMLInputElement;
    expect(input.value).toBe('WRONGGOODS');
    fireEvent.click(within(d).getByTestId('checkout-coupon-apply'));
    expect(await screen.findByText('The coupon does not apply to this product')).toBeTruthy();
    expect(within(d).getByTestId('checkout-amount').textContent).toBe('$39.99');

    fireEvent.change(input, { target: { value: 'spring10' } });
    fireEvent.click(within(d).getByTestId('checkout-coupon-apply'));
    await waitFor(() => expect(within(d).getByTestId('checkout-amount').textContent).toBe('$29.99'));
  });

  it('shows no coupon choice once a payment has started', async () => {
    const started = checkoutOrderOf({ ...order(1000, 'SPRING10'), status: 6 });
    await renderWithApp(<CheckoutDialog order={started} onClose={noop} onPaid={noop} />);
    const d = await dialog();
    expect(within(d).queryByTestId('checkout-coupon')).toBeNull();
    expect(within(d).getByTestId('checkout-amount').textContent).toBe('$29.99');
    expect(server.calls.some((c) => c.path === calls.orders.couponOffers.path)).toBe(false);
  });
});
