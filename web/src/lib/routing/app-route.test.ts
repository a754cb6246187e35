import { describe, expect, it } from 'vitest';
import { selectedSideItem, sideMenu } from '@/config/side-menu';
import { type AppRoute, toRouteObjects } from './app-route';

const routes: AppRoute[] = [
  { path: '/products', region: 'both', title: 'products.pageTitle' },
  { path: '/site/register', region: 'us' },
  { path: '/invoice', region: 'cn', children: [{ path: '/invoice/order', region: 'cn' }] },
  { path: '/details_info', region: 'cn', tradeOnly: true },
];

describe('route objects', () => {
  it('keep only the routes of the region, with their title as handle', () => {
    const us = toRouteObjects(routes, { region: 'us', isTradeClient: () => false });
    expect(us.map((r) => r.path)).toEqual(['/products', '/site/register']);
    expect(us[0]?.handle).toEqual({ title: 'products.pageTitle', description: undefined });
    const cn = toRouteObjects(routes, { region: 'cn', isTradeClient: () => false });
    expect(cn.map((r) => r.path)).toEqual(['/products', '/invoice', '/details_info']);
    expect(cn[1]?.children?.map((r) => r.path)).toEqual(['/invoice/order']);
  });

  it('send non-trade clients from trade-only routes to /', async () => {
    const load = (trade: boolean) => {
      const [route] = toRouteObjects([routes[3]!], { region: 'cn', isTradeClient: () => trade });
      return (route!.loader as () => unknown)();
    };
    const refused = (await load(false)) as Response;
    expect(refused.status).toBe(302);
    expect(refused.headers.get('Location')).toBe('/');
    expect(await load(true)).toBeNull();
  });
});

describe('side menu', () => {
  it('highlights the item owning the current path', () => {
    expect(selectedSideItem(sideMenu, '/order/pro')?.to).toBe('/products');
    expect(selectedSideItem(sideMenu, '/order')?.to).toBe('/order');
    expect(selectedSideItem(sideMenu, '/redeemcode')?.to).toBe('/redeemcode');
    expect(selectedSideItem(sideMenu, '/redeemcode/pro')?.to).toBe('/redeemcode');
    // the orders of bought codes belong to "My redeem codes", not to "Use a redeem code"
    expect(selectedSideItem(sideMenu, '/redeemcode/order')?.to).toBe('/myExchange');
    expect(selectedSideItem(sideMenu, '/invoice/record')?.to).toBe('/invoice_manage');
  });
});
