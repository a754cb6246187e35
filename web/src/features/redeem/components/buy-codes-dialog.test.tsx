import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TOrderDetail, TRedeemOffer } from '@ac/protocol/commerce';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { BuyCodesDialog } from './buy-codes-dialog';

const usd = (amount: number) => ({ amount, currency: 'USD' as const });
const offers: TRedeemOffer[] = [
  {
    goodsCode: 'ML2',
    goodsName: 'Viewer Premium',
    durationDays: 365,
    price: usd(3999),
    minQuantity: 1,
    maxQuantity: 500,
    buyers: 'everyone',
    mayBuy: true,
  },
  {
    goodsCode: 'ML4',
    goodsName: 'Viewer Enterprise',
    durationDays: 365,
    price: usd(19999),
    minQuantity: 1,
    maxQuantity: 500,
    buyers: 'companyAdmins',
    mayBuy: false,
  },
];
const order = (quantity: number): TOrderDetail => ({
  orderNo: 'AC7',
  orderTime: '2026-06-01T00:00:00Z',
  goodsCode: 'ML2',
  goodsName: 'Viewer Premium',
  serviceType: 'membership',
  channel: 'web',
  orderAmount: usd(3999 * quantity),
  discountAmount: usd(0),
  dueAmount: usd(3999 * quantity),
  payAmount: usd(0),
  payTime: null,
  payMethod: null,
  orderType: 'redeemCodes',
  status: 0,
  startDate: null,
  endDate: null,
  detailState: 'pending',
  payState: 0,
  refundAmount: usd(0),
  couponCode: null,
  lines: [],
});

const server = installFakeServer();
beforeEach(() => {
  server.on(calls.redeem.offers.path, () => ({ bizData: { rows: offers } }));
  server.on(calls.orders.couponOffers.path, () => ({ bizData: { applied: null, rows: [] } }));
  server.on(calls.redeem.buy.path, (payload) => {
    const { quantity } = payload as { quantity: number };
    if (quantity > 5) return { code: Code.redeemQuantityOutOfRange, msg: 'You can buy 1 to 5 codes at a time' };
    return { bizData: order(quantity) };
  });
});
const noop = () => {};

describe('buying redeem codes', () => {
  it('offers only what I may buy, totals the quantity and hands the order to the checkout', async () => {
    await renderWithApp(<BuyCodesDialog onClose={noop} onPaid={noop} />);
    const d = await screen.findByTestId('buy-codes-dialog', {}, { timeout: 5000 });
    await waitFor(() => expect(within(d).getByText(/Viewer Premium · 365 days · \$39\.99 per code/)).toBeTruthy());
    expect(screen.queryByText(/Viewer Enterprise/)).toBeNull();
    fireEvent.change(within(d).getByTestId('buy-codes-quantity'), { target: { value: '3' } });
    await waitFor(() => expect(within(d).getByTestId('buy-codes-total').textContent).toBe('$119.97'));
    fireEvent.click(screen.getByTestId('buy-codes-continue'));
    const checkout = await screen.findByTestId('checkout-dialog', {}, { timeout: 5000 });
    expect(within(checkout).getByTestId('checkout-amount').textContent).toBe('$119.97');
    const sent = server.calls.find((c) => c.path === calls.redeem.buy.path);
    expect(sent).toBeDefined();
  });

  it('keeps continue disabled out of the offer range and shows the server refusal in words', async () => {
    await renderWithApp(<BuyCodesDialog onClose={noop} onPaid={noop} />);
    const d = await screen.findByTestId('buy-codes-dialog', {}, { timeout: 5000 });
    await waitFor(() => expect(within(d).getByText(/\$39\.99 per code/)).toBeTruthy());
    const input = within(d).getByTestId('buy-codes-quantity');
    fireEvent.change(input, { target: { value: '501' } });
    await waitFor(() => expect(screen.getByTestId('buy-codes-continue').hasAttribute('disabled')).toBe(true));
    fireEvent.change(input, { target: { value: '6' } });
    await waitFor(() => expect(screen.getByTestId('buy-codes-continue').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('buy-codes-continue'));
    expect(await screen.findByText('You can buy 1 to 5 codes at a time')).toBeTruthy();
  });
});
