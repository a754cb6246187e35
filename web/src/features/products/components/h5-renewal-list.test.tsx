import { calls } from '@ac/protocol/calls';
import type { TSubscription } from '@ac/protocol/subscriptions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { H5RenewalList } from './h5-renewal-list';

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

describe('H5RenewalList', () => {
  it('says what the desktop says of each renewing membership, with the same actions', async () => {
    await renderWithApp(
      <H5RenewalList
        rows={[
          active,
          { ...active, id: '00000000-0000-4000-8000-000000000002', goodsCode: 'ML2', cancelAtPeriodEnd: true },
          { ...active, id: '00000000-0000-4000-8000-000000000003', goodsCode: 'ML5', state: 'ended' },
        ]}
      />,
    );
    const ml3 = screen.getByTestId('renewal-ML3');
    expect(within(ml3).getByTestId('renewal-state').textContent).toBe('Renews on 2026-12-29 for $12.99');
    expect(within(ml3).getByTestId('renewal-cancel')).toBeTruthy();
    expect(within(ml3).getByTestId('renewal-card-portal')).toBeTruthy();
    const ml2 = screen.getByTestId('renewal-ML2');
    expect(within(ml2).getByTestId('renewal-state').textContent).toBe('Cancelled — ends on 2026-12-29');
    expect(within(ml2).getByTestId('renewal-resume')).toBeTruthy();
    expect(within(ml2).queryByTestId('renewal-cancel')).toBeNull();
    const ml5 = screen.getByTestId('renewal-ML5');
    expect(within(ml5).getByTestId('renewal-state').textContent).toBe('Ended on 2026-12-29');
    expect(within(ml5).queryByRole('button')).toBeNull();
  });

  it('says who manages a store subscription and links to its page there, without our buttons', async () => {
    await renderWithApp(
      <H5RenewalList
        rows={[{ ...active, provider: 'fastspring', manageUrl: 'https://example.onfastspring.com/account' }]}
      />,
    );
    const row = screen.getByTestId('renewal-ML3');
    expect(within(row).getByTestId('renewal-state').textContent).toBe('Renews on 2026-12-29 for $12.99');
    expect(within(row).getByTestId('renewal-provider').textContent).toContain('Managed by FastSpring');
    expect(within(row).getByTestId('renewal-manage').getAttribute('href')).toBe(
      'https://example.onfastspring.com/account',
    );
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('asks before cancelling, then cancels that one; resume calls at once', async () => {
    const cancelled: unknown[] = [];
    const resumed: unknown[] = [];
    server.on(calls.subscriptions.cancel.path, (payload) => {
      cancelled.push(payload);
      return { bizData: { ...active, cancelAtPeriodEnd: true } };
    });
    server.on(calls.subscriptions.resume.path, (payload) => {
      resumed.push(payload);
      return { bizData: active };
    });
    server.on(calls.subscriptions.mine.path, () => ({ bizData: { rows: [] } }));
    const other = {
      ...active,
      id: '00000000-0000-4000-8000-000000000002',
      goodsCode: 'ML2' as const,
      cancelAtPeriodEnd: true,
    };
    await renderWithApp(<H5RenewalList rows={[active, other]} />);
    fireEvent.click(screen.getByTestId('renewal-cancel'));
    expect((await screen.findByText('Cancel the renewal?')).textContent).toBe('Cancel the renewal?');
    expect(cancelled).toEqual([]);
    fireEvent.click(await screen.findByTestId('renewal-cancel-confirm'));
    await waitFor(() => expect(cancelled).toEqual([{ id: active.id }]));
    fireEvent.click(within(screen.getByTestId('renewal-ML2')).getByTestId('renewal-resume'));
    await waitFor(() => expect(resumed).toEqual([{ id: other.id }]));
  });

  it('shows nothing while the member has no renewing membership', async () => {
    await renderWithApp(<H5RenewalList rows={[]} />);
    expect(screen.queryByTestId('renewal-card')).toBeNull();
  });
});
