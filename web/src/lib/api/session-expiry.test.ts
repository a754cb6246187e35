import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureSessionExpiry, expireSession, RELOGIN_DELAY_MS } from './session-expiry';

afterEach(() => vi.useRealTimers());

describe('configureSessionExpiry', () => {
  it('returns what puts back the hooks it replaced, and only those', async () => {
    vi.useFakeTimers();
    const shell = vi.fn();
    const page = vi.fn();
    const goToLogin = vi.fn();
    configureSessionExpiry({ notify: shell, goToLogin, clearSession: () => undefined });
    // a page's provider takes over the notice, then unmounts
    const restore = configureSessionExpiry({ notify: page });
    expireSession();
    expect(page).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(RELOGIN_DELAY_MS);
    restore();
    expireSession();
    expect(shell).toHaveBeenCalledOnce();
    expect(page).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(RELOGIN_DELAY_MS);
    expect(goToLogin).toHaveBeenCalledTimes(2);
  });
});
