import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TOrderDetail } from '@ac/protocol/commerce';
import { OrderStatus } from '@ac/protocol/enums';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { OrderDetailDrawer } from './order-detail-drawer';

const server = installFakeServer();
// antd's Drawer measures itself; jsdom has no ResizeObserver
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
const cny = (amount: number) => ({ amount, currency: 'CNY' as const });

/** An order a gateway confirmed a partial refund of (docs/decisions/0026-gateway-refunds.md). */
const partlyRefunded: TOrderDetail = {
  orderNo: 'AC20260105000000000001',
  orderTime: '2026-01-05T12:00:00+08:00',
  goodsCode: 'ML2',
  goodsName: 'Viewer Premium',
  serviceType: 'membership',
  channel: 'web',
  orderAmount: cny(12800),
  payAmount: cny(12800),
  discountAmount: cny(0),
  dueAmount: cny(12800),
  couponCode: null,
  payTime: '2026-01-05T12:00:05+08:00',
  payMethod: 2,
  orderType: 'automatic',
  status: OrderStatus.partiallyRefunded,
  startDate: '2026-01-05T12:00:05+08:00',
  endDate: '2026-10-05T12:00:05+08:00',
  detailState: 'active',
  payState: 1,
  refundAmount: cny(3000),
  lines: [
    {
      goodsCode: 'ML2',
      goodsName: 'Viewer Premium',
      quantity: 1,
      unitPrice: cny(12800),
      amount: cny(12800),
      durationDays: 365,
    },
  ],
};

describe('order detail', () => {
  it('shows a partially refunded order with the refunded amount beside what was paid', async () => {
    server.on(calls.orders.detail.path, () => ({ code: Code.ok, bizData: partlyRefunded }));
    await renderWithApp(<OrderDetailDrawer orderNo={partlyRefunded.orderNo} onClose={() => {}} onPay={() => {}} />);
    const detail = await screen.findByTestId('order-detail');
    const refundCell = (await within(detail).findByText('Refund amount')).closest('tr');
    expect(refundCell?.textContent).toContain('¥30.00');
    expect(within(detail).getByText('Partially refunded')).toBeTruthy();
    expect(screen.queryByTestId('pay-order')).toBeNull();
  });
});
