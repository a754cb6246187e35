import type { TMyProduct } from '@ac/protocol/commerce';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render-with-app';
import { MyProductsTable } from './my-products-table';

afterEach(cleanup);

const rows: TMyProduct[] = [
  {
    goodsCode: 'ML2',
    name: 'Viewer Premium',
    productType: 'vip',
    accountType: 'premium',
    startTime: '2026-01-01 00:00:00',
    expireTime: '2099-01-01 00:00:00',
  },
  {
    goodsCode: 'ML1',
    name: 'Viewer Ad-free',
    productType: 'vip',
    accountType: 'adFree',
    startTime: '2025-01-01 00:00:00',
    expireTime: '2025-06-01 00:00:00',
  },
];

describe('MyProductsTable', () => {
  it('is a table with column headers, a row per product (data-row-key) and its active or expired tag', async () => {
    await renderWithApp(<MyProductsTable rows={rows} loading={false} />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Product', 'Account type', 'Expiry date']);
    const body = within(table).getAllByRole('row').slice(1);
    expect(body.map((row) => row.getAttribute('data-row-key'))).toEqual([
      'ML2-2026-01-01 00:00:00',
      'ML1-2025-01-01 00:00:00',
    ]);
    expect(body[0]?.textContent).toContain('ML2');
    expect(within(body[0] as HTMLElement).getByText('Active')).toBeTruthy();
    expect(within(body[1] as HTMLElement).getByText('Expired')).toBeTruthy();
  });

  it('scrolls sideways in a labelled region that the keyboard reaches (WCAG 2.1.1)', async () => {
    await renderWithApp(<MyProductsTable rows={rows} loading={false} />);
    const region = screen.getByRole('region', { name: 'My products' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table')).toBeTruthy();
  });

  it('says so when there are no products, and shows a status while they load', async () => {
    const view = await renderWithApp(<MyProductsTable rows={[]} loading={false} />);
    expect(screen.getByText('You have no products yet')).toBeTruthy();
    view.unmount();
    await renderWithApp(<MyProductsTable rows={undefined} loading />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });
});
