import type { TActivityRow } from '@ac/protocol/activity';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { ActivityPage, placeText } from './activity-page';

const failed: TActivityRow = {
  id: '41',
  at: '2026-11-29T06:00:00Z',
  kind: 'signIn',
  success: false,
  what: 'password',
  detail: null,
  ip: '81.2.69.142',
  place: { country: 'GB', region: 'England', city: 'Bracknell', local: false },
  clientType: 'User_PC',
  browser: 'Firefox 133',
  os: 'Linux',
};
const wechat: TActivityRow = {
  ...failed,
  id: '42',
  success: true,
  what: 'third:wx',
  ip: '10.0.0.7',
  place: { country: null, region: '', city: '', local: true },
};
const changed: TActivityRow = {
  ...failed,
  id: '43',
  kind: 'event',
  success: true,
  what: 'password.changed',
  place: null,
  ip: null,
  browser: null,
  os: null,
};

const bound: TActivityRow = { ...changed, id: '44', what: 'third.bound', detail: 'wx' };

const server = installFakeServer();

describe('the activity page', () => {
  it('lists sign-ins with method, place and browser, and security events', async () => {
    server.on(calls.session.activity.path, () => ({ bizData: { rows: [bound, changed, wechat, failed] } }));
    await renderWithApp(<ActivityPage />, { path: '/activity' });
    const table = await screen.findByTestId('activity-table');
    const row = (id: string) => table.querySelector(`[data-row-key="${id}"]`) as HTMLElement;
    await waitFor(() => expect(row('41')).toBeTruthy());
    expect(within(row('41')).getByTestId('activity-what').textContent).toBe('Failed sign-in · password');
    expect(within(row('41')).getByTestId('activity-failed')).toBeTruthy();
    expect(within(row('41')).getByTestId('activity-place').textContent).toBe('Bracknell, England, United Kingdom');
    expect(within(row('41')).getByTestId('activity-browser').textContent).toBe('Firefox 133 · Linux');
    expect(within(row('42')).getByTestId('activity-what').textContent).toBe('Sign-in · WeChat');
    expect(within(row('42')).getByTestId('activity-place').textContent).toBe('Local network');
    expect(within(row('43')).getByTestId('activity-what').textContent).toBe('Password changed');
    expect(within(row('44')).getByTestId('activity-what').textContent).toBe('Third-party account bound · WeChat');
  });

  it('"This wasn\'t me" asks, then ends every session', async () => {
    let asked: unknown = null;
    server.on(calls.session.activity.path, () => ({ bizData: { rows: [failed] } }));
    server.on(calls.session.notMe.path, (payload) => {
      asked = payload;
      return { bizData: { ended: 2 } };
    });
    await renderWithApp(<ActivityPage />, { path: '/activity' });
    fireEvent.click(await screen.findByTestId('activity-not-me'));
    fireEvent.click(await screen.findByTestId('activity-not-me-confirm'));
    await waitFor(() => expect(asked).toEqual({ id: '41' }));
  });

  it('shows the catalogue message when the row is gone', async () => {
    server.on(calls.session.activity.path, () => ({ bizData: { rows: [failed] } }));
    server.on(calls.session.notMe.path, () => ({ code: Code.activityNotFound }));
    await renderWithApp(<ActivityPage />, { path: '/activity' });
    fireEvent.click(await screen.findByTestId('activity-not-me'));
    fireEvent.click(await screen.findByTestId('activity-not-me-confirm'));
    expect(await screen.findByText('This activity entry does not exist')).toBeTruthy();
  });

  it('names the place in the reader’s language', () => {
    expect(placeText(failed.place, 'de', 'L', 'U')).toBe('Bracknell, England, Vereinigtes Königreich');
    expect(placeText(null, 'en', 'L', 'U')).toBe('U');
    expect(placeText(wechat.place, 'en', 'L', 'U')).toBe('L');
  });
});
