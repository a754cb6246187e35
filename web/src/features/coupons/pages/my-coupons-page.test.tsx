import { calls } from '@ac/protocol/calls';
import type { TCoupon } from '@ac/protocol/coupons';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { MyCouponsPage } from './my-coupons-page';

const coupon = (over: Partial<TCoupon>): TCoupon => ({
  code: 'SPRING10',
  kind: 'amount',
  amountOff: { amount: 1000, currency: 'USD' },
  percentOff: null,
  goodsCodes: ['ML2', 'ML3'],
  validFrom: '2026-01-01T00:00:00Z',
  validTo: '2099-01-01T00:00:00Z',
  perUserLimit: 2,
  usesLeft: 1,
  tab: 'unused',
  lastOrderNo: null,
  ...over,
});
const byTab: Record<string, TCoupon[]> = {
  unused: [coupon({}), coupon({ code: 'PCT20', kind: 'percent', amountOff: null, percentOff: 20, goodsCodes: null })],
  used: [coupon({ code: 'USED5', tab: 'used', usesLeft: 0, lastOrderNo: 'AC20260101' })],
  expired: [],
};

const server = installFakeServer();
beforeEach(() => {
  server.on(calls.coupons.list.path, (payload) => {
    const rows = byTab[(payload as { tab: string }).tab] ?? [];
    return { bizData: { rows, total: rows.length, pageNo: 1, pageSize: 12 } };
  });
});

describe('my coupons', () => {
  it('shows what each coupon takes off, what it applies to, its validity and the uses left', async () => {
    await renderWithApp(<MyCouponsPage />, { path: '/myCoupons' });
    const card = await screen.findByTestId('coupon-SPRING10', {}, { timeout: 5000 });
    expect(within(card).getByTestId('coupon-off').textContent).toBe('$10.00 off');
    expect(card.textContent).toContain('Applies to');
    expect(card.textContent).toMatch(/Uses left\s*1/);
    expect(card.textContent).toMatch(/2026-01-01 \d\d:\d\d – 2099-01-01 \d\d:\d\d/);
    const pct = screen.getByTestId('coupon-PCT20');
    expect(within(pct).getByTestId('coupon-off').textContent).toBe('20% off');
    expect(pct.textContent).toContain('All products');
  });

  it('switches tabs: used coupons name their order, an empty tab says so', async () => {
    await renderWithApp(<MyCouponsPage />, { path: '/myCoupons' });
    await screen.findByTestId('coupon-SPRING10', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('tab', { name: 'Used' }));
    const used = await screen.findByTestId('coupon-USED5');
    expect(used.textContent).toContain('AC20260101');
    fireEvent.click(screen.getByRole('tab', { name: 'Expired' }));
    await waitFor(() => expect(screen.getByTestId('coupon-list-expired').textContent).toContain('No coupons here'));
    const tabs = server.calls.filter((c) => c.path === calls.coupons.list.path);
    expect(tabs.length).toBeGreaterThanOrEqual(3);
  });
});
