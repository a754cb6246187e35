import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TOrderDetail } from '@ac/protocol/commerce';
import { OrderStatus } from '@ac/protocol/enums';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { CheckoutReturnNotice, checkoutReturnOf } from './checkout-return-notice';

const server = installFakeServer();
const usd = (amount: number) => ({ amount, currency: 'USD' as const });

/** An order whose payment was started at a payment page (6: payment unconfirmed), not paid. */
const started: TOrderDetail = {
  orderNo: 'AC20260601000000000007',
  orderTime: '2026-06-01T12:00:00Z',
  goodsCode: 'ML2',
  goodsName: 'Viewer Premium',
  serviceType: 'membership',
  channel: 'web',
  orderAmount: usd(3999),
  payAmount: usd(0),
  discountAmount: usd(0),
  dueAmount: usd(3999),
  couponCode: null,
  payTime: null,
  payMethod: 7,
  orderType: 'automatic',
  status: OrderStatus.unconfirmed,
  startDate: null,
  endDate: null,
  detailState: 'pending',
  payState: 0,
  refundAmount: usd(0),
  lines: [],
};
const paid: TOrderDetail = { ...started, status: OrderStatus.paid, payState: 1, payAmount: usd(3999) };

describe('checkoutReturnOf', () => {
  it('reads the order and the outcome a payment page sends back, and nothing else', () => {
    const of = (q: string) => checkoutReturnOf(new URLSearchParams(q));
    expect(of('orderNo=AC1&checkout=cancelled')).toEqual({ orderNo: 'AC1', outcome: 'cancelled' });
    expect(of('orderNo=AC1&checkout=paid&token=X&PayerID=Y')).toEqual({ orderNo: 'AC1', outcome: 'paid' });
    expect(of('orderNo=AC1&checkout=maybe')).toBeNull();
    expect(of('checkout=cancelled')).toBeNull();
    expect(of('page=2')).toBeNull();
  });
});

describe('CheckoutReturnNotice', () => {
  it('after a cancelled payment says the order is unpaid and offers to pay it', async () => {
    server.on(calls.orders.detail.path, () => ({ code: Code.ok, bizData: started }));
    const onPay = vi.fn();
    await renderWithApp(
      <CheckoutReturnNotice
        value={{ orderNo: started.orderNo, outcome: 'cancelled' }}
        onPay={onPay}
        onClose={() => {}}
      />,
    );
    const notice = await screen.findByTestId('checkout-return');
    expect(notice.getAttribute('data-outcome')).toBe('cancelled');
    expect(notice.textContent).toContain('Payment cancelled');
    expect(notice.textContent).toContain(`Order ${started.orderNo} has not been paid`);
    fireEvent.click(within(notice).getByTestId('checkout-return-pay'));
    expect(onPay).toHaveBeenCalledWith(started);
  });

  it('after a payment says it is being confirmed and asks the server until the order is paid', async () => {
    let order = started;
    server.on(calls.orders.detail.path, () => ({ code: Code.ok, bizData: order }));
    let asked = 0;
    server.on(calls.payments.payState.path, () => {
      asked++;
      return { code: Code.ok, bizData: { payState: order.payState, status: order.status } };
    });
    await renderWithApp(
      <CheckoutReturnNotice
        value={{ orderNo: started.orderNo, outcome: 'paid' }}
        onPay={() => {}}
        onClose={() => {}}
      />,
    );
    const notice = await screen.findByTestId('checkout-return');
    expect(notice.textContent).toContain('Payment being confirmed');
    await waitFor(() => expect(asked).toBeGreaterThan(0));
    // the gateway confirmed it (the next payState captures it, as the server does on a PayPal return)
    order = paid;
    await waitFor(
      () => expect(screen.getByTestId('checkout-return').textContent).toContain(`Order ${paid.orderNo} is paid.`),
      {
        timeout: 8000,
      },
    );
    expect(screen.getByTestId('checkout-return').getAttribute('data-outcome')).toBe('paid');
  });

  it('says a paid order is paid whatever the way back said, without Pay now', async () => {
    server.on(calls.orders.detail.path, () => ({ code: Code.ok, bizData: paid }));
    await renderWithApp(
      <CheckoutReturnNotice
        value={{ orderNo: paid.orderNo, outcome: 'cancelled' }}
        onPay={() => {}}
        onClose={() => {}}
      />,
    );
    const notice = await screen.findByTestId('checkout-return');
    expect(notice.getAttribute('data-outcome')).toBe('paid');
    expect(notice.textContent).toContain(`Order ${paid.orderNo} is paid.`);
    expect(within(notice).queryByTestId('checkout-return-pay')).toBeNull();
  });
});
