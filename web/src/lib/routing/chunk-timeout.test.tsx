import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteError } from '@/app/route-error';
import { initI18n } from '@/i18n/i18n';
import { toRouteObjects } from './app-route';
import { CHUNK_TIMEOUT_MS, ChunkLoadTimeoutError, withChunkTimeout } from './chunk-timeout';

const never = () => new Promise<never>(() => {});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('route chunk timeout', () => {
  it('fails a chunk that has not loaded after 120 seconds, not before', async () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    const settled = vi.fn();
    const failed = vi.fn();
    withChunkTimeout(never)().then(settled, failed);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(failed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(failed).toHaveBeenCalledWith(expect.any(ChunkLoadTimeoutError));
    expect(settled).not.toHaveBeenCalled();
  });

  it('lets a chunk that loads in time through', async () => {
    const load = withChunkTimeout(() => new Promise<string>((resolve) => setTimeout(() => resolve('page'), 5000)));
    const result = load();
    await vi.advanceTimersByTimeAsync(5000);
    await expect(result).resolves.toBe('page');
  });

  it('shows the load-error page with its retry when a route chunk times out', async () => {
    vi.useRealTimers();
    await initI18n('en');
    vi.useFakeTimers();
    const routes = toRouteObjects([{ path: '/slow', region: 'both', lazy: never }], {
      region: 'us',
      isTradeClient: () => false,
    });
    const router = createMemoryRouter([{ errorElement: <RouteError />, children: routes }], {
      initialEntries: ['/slow'],
    });
    render(<RouterProvider router={router} />);
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS));
    vi.useRealTimers();
    // the error page's antd Result is a chunk of its own: in tests its first import can take a while
    expect(
      await screen.findByText('The page took too long to load. Reload it to try again.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
