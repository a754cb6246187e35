import { calls } from '@ac/protocol/calls';
import type { TSubscription } from '@ac/protocol/subscriptions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { RenewalCard } from './renewal-card';

const server = installFakeServer();

const active: TSubscription = {
  id: '00000000-0000-4000-8000-000000000001',
  provider: 'stripe',
  manageUrl: null,
  goodsCode: 'ML3',
  name: 'Viewer Professional',
  interval: 'month',
  price: { amount: 1299, currency: 'USD' },
  state: 'active',
  cancelAtPeriodEnd: false,
  periodEnd: '2026-12-29 10:00:00',
  scheduledChange: null,
};

describe('RenewalCard', () => {
  it('says when each renews, is cancelled or failed, with the actions each offers', async () => {
    await renderWithApp(
      <RenewalCard
        rows={[
          active,
          { ...active, id: '00000000-0000-4000-8000-000000000002', goodsCode: 'ML2', cancelAtPeriodEnd: true },
          { ...active, id: '00000000-0000-4000-8000-000000000003', goodsCode: 'ML5', state: 'pastDue' },
        ]}
      />,
    );
    const ml3 = screen.getByTestId('renewal-ML3');
    expect(within(ml3).getByTestId('renewal-state').textContent).toBe('Renews on 2026-12-29 for $12.99');
    expect(within(ml3).getByTestId('renewal-cancel')).toBeTruthy();
    expect(within(ml3).queryByTestId('renewal-resume')).toBeNull();
    const ml2 = screen.getByTestId('renewal-ML2');
    expect(within(ml2).getByTestId('renewal-state').textContent).toBe('Cancelled — ends on 2026-12-29');
    expect(within(ml2).getByTestId('renewal-resume')).toBeTruthy();
    expect(within(ml2).queryByTestId('renewal-cancel')).toBeNull();
    const ml5 = screen.getByTestId('renewal-ML5');
    expect(within(ml5).getByTestId('renewal-state').textContent).toBe('Renewal failed — we will retry');
    expect(within(ml5).getByTestId('renewal-card-portal')).toBeTruthy();
  });

  it('says an Alipay renewal is paid from the Alipay account and offers no card', async () => {
    await renderWithApp(
      <RenewalCard rows={[{ ...active, provider: 'alipay', price: { amount: 3900, currency: 'CNY' } }]} />,
    );
    const row = screen.getByTestId('renewal-ML3');
    expect(within(row).getByTestId('renewal-provider').textContent).toBe(
      'Paid from your Alipay account (Alipay agreement)',
    );
    expect(within(row).getByTestId('renewal-cancel')).toBeTruthy();
    expect(within(row).queryByTestId('renewal-card-portal')).toBeNull();
  });

  it('says who manages a store subscription, links to its page there and offers none of our buttons', async () => {
    const play =
      'https://play.google.com/store/account/subscriptions?sku=viewer_premium_monthly&package=com.example.viewer';
    await renderWithApp(
      <RenewalCard
        rows={[
          { ...active, provider: 'googlePlay', manageUrl: play },
          {
            ...active,
            id: '00000000-0000-4000-8000-000000000004',
            goodsCode: 'ML2',
            provider: 'appStore',
            manageUrl: 'https://apps.apple.com/account/subscriptions',
            cancelAtPeriodEnd: true,
          },
        ]}
      />,
    );
    const google = screen.getByTestId('renewal-ML3');
    expect(within(google).getByTestId('renewal-provider').textContent).toBe('Managed in Google Play');
    expect(within(google).getByTestId('renewal-state').textContent).toBe('Renews on 2026-12-29 for $12.99');
    expect(within(google).getByTestId('renewal-manage').getAttribute('href')).toBe(play);
    const apple = screen.getByTestId('renewal-ML2');
    expect(within(apple).getByTestId('renewal-provider').textContent).toBe('Managed in the App Store');
    expect(within(apple).getByTestId('renewal-state').textContent).toBe('Cancelled — ends on 2026-12-29');
    expect(within(apple).getByTestId('renewal-manage').getAttribute('href')).toBe(
      'https://apps.apple.com/account/subscriptions',
    );
    for (const id of ['renewal-cancel', 'renewal-resume', 'renewal-card-portal']) {
      expect(screen.queryByTestId(id)).toBeNull();
    }
  });

  it('asks before cancelling; keeping it calls nothing, confirming cancels that one', async () => {
    const cancelled: unknown[] = [];
    server.on(calls.subscriptions.cancel.path, (payload) => {
      cancelled.push(payload);
      return { bizData: { ...active, cancelAtPeriodEnd: true } };
    });
    server.on(calls.subscriptions.mine.path, () => ({ bizData: { rows: [] } }));
    await renderWithApp(<RenewalCard rows={[active]} />);
    fireEvent.click(screen.getByTestId('renewal-cancel'));
    const sheet = await screen.findByRole('alertdialog', { name: 'Cancel the renewal?' });
    expect(sheet.textContent).toContain('stays active until 2026-12-29');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Keep renewing' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(cancelled).toEqual([]);

    fireEvent.click(screen.getByTestId('renewal-cancel'));
    fireEvent.click(await screen.findByTestId('confirm-sheet-ok'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(cancelled).toEqual([{ id: active.id }]);
  });

  it('shows nothing while the member has no renewing membership', async () => {
    await renderWithApp(<RenewalCard rows={[]} />);
    expect(screen.queryByTestId('renewal-card')).toBeNull();
  });
});
