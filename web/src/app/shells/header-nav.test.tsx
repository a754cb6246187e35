import { calls } from '@ac/protocol/calls';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { entriesThatFit, HeaderNav } from './header-nav';

const server = installFakeServer();
afterEach(cleanup);

describe('HeaderNav', () => {
  it('marks the section of the page; "Exit" is a button, the others links', async () => {
    server.on(calls.company.companyInfo.path, () => ({ bizData: null }));
    await renderWithApp(<HeaderNav mode="horizontal" />, { path: '/order' });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'My orders' }).getAttribute('aria-current')).toBe('true');
    expect(within(nav).getByRole('link', { name: 'Account center' }).hasAttribute('aria-current')).toBe(false);
    expect(within(nav).getByRole('button', { name: 'Exit' })).toBeTruthy();
    // no cloud link is configured and the user is in no company: both entries are left out
    expect(within(nav).queryByRole('link', { name: 'My cloud' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'My enterprise' })).toBeNull();
  });

  it('any other page belongs to the account centre', async () => {
    server.on(calls.company.companyInfo.path, () => ({ bizData: null }));
    await renderWithApp(<HeaderNav mode="inline" />, { path: '/devices' });
    expect(screen.getByRole('link', { name: 'Account center' }).getAttribute('aria-current')).toBe('true');
  });
});

describe('entriesThatFit', () => {
  it('keeps every entry when all fit, else as many as fit beside "More" (46 px)', () => {
    expect(entriesThatFit([100, 100, 100], 300)).toBe(3);
    expect(entriesThatFit([100, 100, 100], 299)).toBe(2);
    expect(entriesThatFit([100, 100, 100], 245)).toBe(1);
    expect(entriesThatFit([100, 100, 100], 100)).toBe(0);
  });
});
