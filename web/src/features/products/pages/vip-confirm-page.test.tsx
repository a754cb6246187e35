import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TCatalogItem, TMyProduct } from '@ac/protocol/commerce';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format/date';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { VipConfirmPage } from './vip-confirm-page';

const DAY_MS = 24 * 60 * 60 * 1000;

const plan = (goodsCode: 'ML2' | 'ML3' | 'MS', name: string, amount: number): TCatalogItem => ({
  goodsCode,
  name,
  productType: goodsCode === 'MS' ? 'cloudMapExt' : 'viewer',
  accountType: goodsCode === 'ML3' ? 'professional' : goodsCode === 'MS' ? 'toolKit' : 'premium',
  serviceType: goodsCode === 'MS' ? 'toolKit' : 'membership',
  level: goodsCode === 'ML3' ? 3 : 2,
  durationDays: 365,
  storageGb: 5,
  price: { amount, currency: 'CNY' },
});
const catalog = {
  currency: 'CNY',
  rows: [plan('ML2', 'Viewer Premium', 12800), plan('ML3', 'Viewer Professional', 23800), plan('MS', 'Kit', 3000)],
};

const userInfo = {
  utoken: 't1',
  userInfo: {
    id: 'u1',
    name: 'demo',
    nickName: 'Demo',
    email: 'demo@example.com',
    mobile: '13800000000',
    favicon: null,
    sex: 0,
    level: 1,
    score: 0,
    vipType: 'premium',
    isActivate: 1,
    registerDate: '2026-01-01T00:00:00Z',
    lastLoginTime: null,
    updateTime: '2026-01-01T00:00:00Z',
  },
  storage: { total: 1, used: 0, surplus: 1, free: 1, overQuota: false },
  vipInfo: null,
};

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

const routes = { '/login': <Where />, '/products': <Where /> };

const server = installFakeServer();
beforeEach(() => {
  server.on(calls.products.catalog.path, () => ({ bizData: catalog }));
});

describe('/vip_confirm', () => {
  it('explains an unknown goods code and links to the product centre', async () => {
    server.on(calls.session.userInfo.path, () => ({ code: Code.sessionExpired }));
    await renderWithApp(<VipConfirmPage />, { path: '/vip_confirm?goods=NOPE', routes });
    const result = await screen.findByTestId('vip-unknown', {}, { timeout: 5000 });
    expect(result.textContent).toContain('This membership is not on sale');
    expect(result.textContent).toContain('"NOPE"');
    fireEvent.click(screen.getByTestId('vip-to-products'));
    expect((await screen.findByTestId('where')).textContent).toBe('/products');
  });

  it('asks for a goods code when there is none', async () => {
    server.on(calls.session.userInfo.path, () => ({ code: Code.sessionExpired }));
    await renderWithApp(<VipConfirmPage />, { path: '/vip_confirm', routes });
    expect((await screen.findByTestId('vip-missing', {}, { timeout: 5000 })).textContent).toContain(
      'No membership selected',
    );
  });

  it('shows the plan to a visitor and logs in back to the same page', async () => {
    server.on(calls.session.userInfo.path, () => ({ code: Code.sessionExpired }));
    await renderWithApp(<VipConfirmPage />, { path: '/vip_confirm?goods=ML2', routes });
    const login = await screen.findByTestId('vip-login', {}, { timeout: 5000 });
    expect(screen.getByTestId('vip-product').textContent).toBe('Viewer Premium');
    expect(screen.getByTestId('vip-price').textContent).toBe('¥128.00');
    expect(screen.getByTestId('vip-duration').textContent).toBe('365 days');
    expect(screen.queryByTestId('vip-pay')).toBeNull();
    expect(server.calls.some((c) => c.path === calls.memberships.mine.path)).toBe(false);
    fireEvent.click(login);
    expect((await screen.findByTestId('where')).textContent).toBe('/login?redirect=%2Fvip_confirm%3Fgoods%3DML2');
  });

  it('shows a logged-in buyer the new end, extended from the current one, and switches plans', async () => {
    const currentEnd = new Date(Date.now() + 100 * DAY_MS).toISOString();
    const mine: TMyProduct[] = [
      {
        goodsCode: 'ML2',
        name: 'Viewer Premium',
        productType: 'viewer',
        accountType: 'premium',
        startTime: '2025-01-01T00:00:00Z',
        expireTime: currentEnd,
      },
    ];
    server.on(calls.session.userInfo.path, () => ({ bizData: userInfo }));
    server.on(calls.memberships.mine.path, () => ({ bizData: { rows: mine } }));
    await renderWithApp(<VipConfirmPage />, { path: '/vip_confirm?goods=ML2', routes });

    const newEnd = await screen.findByTestId('vip-new-end', {}, { timeout: 5000 });
    expect(newEnd.textContent).toBe(formatDate(new Date(Date.parse(currentEnd) + 365 * DAY_MS).toISOString()));
    expect(screen.getByTestId('vip-current-end').textContent).toBe(formatDate(currentEnd));
    expect(screen.getByTestId('vip-account').textContent).toBe('Demo (138****0000)');
    expect(screen.getByTestId('vip-pay').textContent).toBe('Confirm and pay');
    // Only plans of the same product type are offered.
    expect(screen.getByTestId('vip-plan-ML3')).toBeTruthy();
    expect(screen.queryByTestId('vip-plan-MS')).toBeNull();
    expect(screen.getByTestId('vip-plans').getAttribute('role')).toBe('radiogroup');
    expect(screen.getByTestId('vip-summary').getAttribute('data-goods-code')).toBe('ML2');

    fireEvent.click(screen.getByRole('radio', { name: /Viewer Professional/ }));
    await waitFor(() => expect(screen.getByTestId('vip-product').textContent).toBe('Viewer Professional'));
    expect(screen.getByTestId('vip-price').textContent).toBe('¥238.00');
    expect(screen.getByTestId('vip-current-end').textContent).toBe('None yet');
    expect(screen.getByTestId('vip-new-end').textContent).toBe(
      formatDate(new Date(Date.now() + 365 * DAY_MS).toISOString()),
    );

    fireEvent.click(screen.getByTestId('vip-switch-account'));
    expect((await screen.findByTestId('where')).textContent).toBe('/login?redirect=%2Fvip_confirm%3Fgoods%3DML3');
  });
});
