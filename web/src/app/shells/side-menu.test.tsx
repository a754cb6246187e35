import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render-with-app';
import { SideMenu } from './side-menu';

afterEach(cleanup);

const menu = () => screen.getByRole('navigation', { name: 'Account center menu' });

describe('SideMenu', () => {
  it('lists the pages of the region as links', async () => {
    await renderWithApp(<SideMenu />, { path: '/devices' });
    const links = within(menu()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toContain('Devices');
    // a China-only entry is not in the overseas menu (the tests run with the default, overseas config)
    expect(within(menu()).queryByRole('link', { name: 'Invoices' })).toBeNull();
  });

  it("marks the current page's entry, also for a page filed under it (lib/routing)", async () => {
    await renderWithApp(<SideMenu />, { path: '/redeemcode/order' });
    const current = within(menu())
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current'));
    expect(current.map((link) => link.textContent)).toEqual(['My redeem codes']);
    expect(current[0]?.getAttribute('aria-current')).toBe('page');
  });
});
