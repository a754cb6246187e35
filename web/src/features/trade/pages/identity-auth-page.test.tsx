import { calls } from '@ac/protocol/calls';
import type { TTradeAccount } from '@ac/protocol/trade';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { IdentityAuthPage } from './identity-auth-page';

const server = installFakeServer();

const trade = (identity: TTradeAccount['identity']): TTradeAccount => ({
  birthYear: null,
  industry: null,
  educationLevel: null,
  educations: [],
  jobs: [],
  identity,
  hasCashPassword: false,
  cashAccounts: [],
});
const detail = (identity: TTradeAccount['identity']) => ({
  id: 'u1',
  name: 'demo',
  nickName: 'Demo',
  email: null,
  mobile: '13800000000',
  location: null,
  company: null,
  position: null,
  favicon: null,
  sex: 0,
  hasPassword: true,
  marketingConsent: false,
  registerDate: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
  trade: trade(identity),
});

describe('identity verification page', () => {
  it('checks the ID number (GB 11643) before sending, then shows the masked identity', async () => {
    const verified = { realName: '*三', idNumber: '110***********002X', verifiedAt: '2026-05-01T08:00:00.000Z' };
    let identity: TTradeAccount['identity'] = null;
    const sent: unknown[] = [];
    server.on(calls.profile.getUserDetail.path, () => ({ bizData: detail(identity) }));
    server.on(calls.trade.saveAuthentication.path, (payload) => {
      sent.push(payload);
      identity = verified;
      return { bizData: trade(identity) };
    });
    await renderWithApp(<IdentityAuthPage />);

    fireEvent.change(await screen.findByLabelText('Real name'), { target: { value: '张三' } });
    fireEvent.change(screen.getByLabelText('Resident ID number'), { target: { value: '110105194912310021' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter a valid 18-digit resident ID number')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByLabelText('Resident ID number'), { target: { value: '11010519491231002x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByTestId('masked-id')).textContent).toBe('110***********002X');
    // sent as typed: the server's schema upper-cases the check character
    await waitFor(() => expect(sent).toEqual([{ realName: '张三', idNumber: '11010519491231002x' }]));
  });
});
