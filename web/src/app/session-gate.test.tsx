import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AntdNotices } from '@/components/antd-provider';
import { i18next, initI18n } from '@/i18n/i18n';
import { NAMESPACES } from '@/i18n/namespaces';
import { getToken, setToken } from '@/lib/session/token';
import { installFakeServer } from '@/test/install-fake-server';
import { SessionGate, USER_INFO_FAILURE_DELAY_MS } from './session-gate';

const server = installFakeServer();
const FAILED = 'Request failed, please try again later';

afterEach(() => vi.useRealTimers());

/** Fake time runs on in 10 ms steps until the failure is told; how long that took. */
async function advanceUntilTold(): Promise<number> {
  for (let ms = 0; ms < 5000; ms += 10) {
    if (screen.queryByText(FAILED)) return ms;
    await act(() => vi.advanceTimersByTimeAsync(10));
  }
  throw new Error('the failure was never told');
}

describe('session gate', () => {
  it('when user info fails to load, clears the session and goes to login after 2 seconds (docs/product.md#states)', async () => {
    expect(USER_INFO_FAILURE_DELAY_MS).toBe(2000);
    setToken('some-token');
    server.on(calls.session.userInfo.path, () => ({ code: Code.requestFailed }));
    server.on(calls.company.companyInfo.path, () => ({ bizData: null }));
    // i18n loaded with real timers first; from then on time moves only when the test says
    await initI18n('en');
    await i18next.loadNamespaces([...NAMESPACES]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const router = createMemoryRouter(
      [
        {
          path: '/devices',
          element: (
            <SessionGate>
              <p>Private page</p>
            </SessionGate>
          ),
        },
        { path: '/login', element: <p>Login page</p> },
      ],
      { initialEntries: ['/devices?tab=1'] },
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <AntdApp>
          <AntdNotices>
            <RouterProvider router={router} />
          </AntdNotices>
        </AntdApp>
      </QueryClientProvider>,
    );
    await advanceUntilTold();
    // told at once; the session stays for the 2 seconds
    await act(() => vi.advanceTimersByTimeAsync(USER_INFO_FAILURE_DELAY_MS - 20));
    expect(router.state.location.pathname).toBe('/devices');
    expect(getToken()).toBe('some-token');
    // then it is cleared and the user sent to login, back to where they were afterwards
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/devices?tab=1')}`);
    expect(getToken()).toBeUndefined();
  });
});
