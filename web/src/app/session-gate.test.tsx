import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken, setToken } from '@/lib/session/token';
import { installFakeServer } from '@/test/install-fake-server';
import { renderWithApp } from '@/test/render-with-app';
import { SessionGate, USER_INFO_FAILURE_DELAY_MS } from './session-gate';

const server = installFakeServer();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('session gate', () => {
  it('when user info fails to load, clears the session and goes to login after 2 seconds (SPEC §4)', async () => {
    expect(USER_INFO_FAILURE_DELAY_MS).toBe(2000);
    setToken('some-token');
    server.on(calls.user.userInfo.path, () => ({ code: Code.requestFailed }));
    server.on(calls.company.companyInfo.path, () => ({ bizData: null }));
    const { router } = await renderWithApp(
      <SessionGate>
        <p>Private page</p>
      </SessionGate>,
      { path: '/devices?tab=1', routes: { '/login': <p>Login page</p> } },
    );
    // the failure is told at once; the session stays for now
    await screen.findByText('Request failed, please try again later');
    await act(() => sleep(USER_INFO_FAILURE_DELAY_MS - 500));
    expect(router.state.location.pathname).toBe('/devices');
    expect(getToken()).toBe('some-token');
    // then it is cleared and the user sent to login, back to where they were afterwards
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 2000 });
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/devices?tab=1')}`);
    expect(getToken()).toBeUndefined();
    expect(screen.queryByText('Private page')).toBeNull();
  });
});
