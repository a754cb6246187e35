import { calls } from '@ac/protocol/calls';
import type { TPayChannel, TRegion } from '@ac/protocol/enums';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { CheckoutDialog } from './checkout-dialog';

const where = vi.hoisted(() => ({ region: 'us' as TRegion, channels: ['card', 'paypal'] as TPayChannel[] }));
vi.mock('@/lib/app-config', async (original) => ({
  ...(await original<typeof import('@/lib/app-config')>()),
  getRegion: () => where.region,
  getPayChannels: () => where.channels,
}));

const usd = (amount: number) => ({ amount, currency: 'USD' as const });
const order = {
  orderNo: 'AC1',
  goodsCode: 'ML2',
  goodsName: 'Viewer Premium',
  price: usd(3999),
  discount: usd(0),
  amount: usd(3999),
  couponOpen: false,
};

const server = installFakeServer();
const opened: { location: { href: string }; close: () => void }[] = [];
const paid: unknown[] = [];
beforeEach(() => {
  server.on(calls.payments.pay.path, (payload) => {
    paid.push(payload);
    return { bizData: { payUrl: 'https://paypal.example/checkoutnow?token=X' } };
  });
  vi.spyOn(window, 'open').mockImplementation(() => {
    const popup = { location: { href: '' }, close: () => {} };
    opened.push(popup);
    return popup as unknown as Window;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  where.region = 'us';
  where.channels = ['card', 'paypal'];
});

const noop = () => {};

describe('the checkout’s ways to pay', () => {
  it('offers PayPal beside the card overseas and pays 7 through the PayPal channel', async () => {
    await renderWithApp(<CheckoutDialog order={order} onClose={noop} onPaid={noop} />);
    const d = await screen.findByTestId('checkout-dialog', {}, { timeout: 5000 });
    const radios = within(d).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(['Card payment', 'PayPal']);
    expect(within(d).getByTestId('pay-method-7')).toBe(radios[0]);
    expect(within(d).getByTestId('pay-method-7-paypal')).toBe(radios[1]);
    fireEvent.click(within(d).getByRole('radio', { name: 'PayPal' }));
    fireEvent.click(screen.getByTestId('checkout-pay'));
    await waitFor(() => expect(paid).toEqual([{ orderNo: 'AC1', payMethod: 7, channel: 'paypal' }]));
    await waitFor(() => expect(opened.at(-1)?.location.href).toBe('https://paypal.example/checkoutnow?token=X'));
  });

  it('loads FastSpring’s script only when the member pays with the popup storefront, in the page', async () => {
    where.channels = ['card', 'paypal', 'fastspring'];
    const popup = {
      scriptUrl: 'https://sbl.example/fastspring-builder.min.js',
      storefront: 'example.test.onfastspring.com/popup-example',
      accessKey: 'ACCESSKEY1',
      securePayload: 'cGF5bG9hZA==',
      secureKey: 'a2V5',
    };
    server.on(calls.payments.pay.path, (payload) => {
      paid.push(payload);
      return { bizData: { popup } };
    });
    await renderWithApp(<CheckoutDialog order={order} onClose={noop} onPaid={noop} />);
    const d = await screen.findByTestId('checkout-dialog', {}, { timeout: 5000 });
    fireEvent.click(within(d).getByRole('radio', { name: 'FastSpring (card, PayPal and more)' }));
    expect(document.getElementById('fsc-api')).toBeNull();
    fireEvent.click(screen.getByTestId('checkout-pay'));
    await waitFor(() => expect(paid.at(-1)).toEqual({ orderNo: 'AC1', payMethod: 7, channel: 'fastspring' }));
    await screen.findByTestId('storefront-wait-dialog');
    const script = document.getElementById('fsc-api') as HTMLScriptElement;
    expect(script.src).toBe(popup.scriptUrl);
    expect(script.dataset).toMatchObject({ storefront: popup.storefront, accessKey: popup.accessKey });
    expect(script.dataset.popupClosed).toBe('acStorefrontClosed');
    // the popup is FastSpring's overlay, not a window
    expect(window.open).not.toHaveBeenCalled();
    script.remove();
  });

  it('offers no PayPal when the server takes none, nor in China', async () => {
    where.channels = ['card'];
    const first = await renderWithApp(<CheckoutDialog order={order} onClose={noop} onPaid={noop} />);
    const d = await screen.findByTestId('checkout-dialog', {}, { timeout: 5000 });
    expect(within(d).queryByTestId('pay-method-7-paypal')).toBeNull();
    expect(within(d).getByTestId('pay-method-7')).toBeTruthy();
    first.unmount();
    where.region = 'cn';
    where.channels = ['card', 'paypal'];
    await renderWithApp(
      <CheckoutDialog order={{ ...order, price: { amount: 3999, currency: 'CNY' } }} onClose={noop} onPaid={noop} />,
    );
    const cn = await screen.findByTestId('checkout-dialog', {}, { timeout: 5000 });
    expect(within(cn).queryByTestId('pay-method-7-paypal')).toBeNull();
    expect(within(cn).getByTestId('pay-method-2')).toBeTruthy();
  });
});
