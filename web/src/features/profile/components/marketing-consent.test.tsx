import { calls } from '@ac/protocol/calls';
import type { TUserDetail } from '@ac/protocol/profile';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { MarketingConsent } from './marketing-consent';

const server = installFakeServer();
afterEach(cleanup);

const detail: TUserDetail = {
  id: 'u1',
  name: 'Ada',
  nickName: 'Ada',
  email: 'ada@example.com',
  mobile: null,
  location: null,
  company: null,
  position: null,
  favicon: null,
  sex: 0,
  hasPassword: true,
  marketingConsent: false,
  registerDate: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
};

describe('MarketingConsent', () => {
  it('gives the consent with one switch, sending the new value', async () => {
    const sent: unknown[] = [];
    server.on(calls.profile.setMarketingConsent.path, (payload) => {
      sent.push(payload);
      return { bizData: { ...detail, marketingConsent: true } };
    });
    server.on(calls.profile.getUserDetail.path, () => ({ bizData: { ...detail, marketingConsent: true } }));
    await renderWithApp(<MarketingConsent detail={detail} />);
    const toggle = screen.getByRole('switch', { name: 'Email me product news and offers' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(sent).toEqual([{ consent: true }]));
    expect(await screen.findByText('You will get product news and offers')).toBeTruthy();
  });
});
