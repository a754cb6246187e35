import { Code } from '@ac/protocol/codes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '@/lib/session/token';
import { createFakeServer, type FakeServer } from '@/test/fake-envelope-server';
import { KEY_STORAGE } from './aes-key';
import { request } from './api-client';
import { ApiError } from './api-error';
import { HTTP_TIMEOUT_MS } from './http';
import { configureSessionExpiry, RELOGIN_DELAY_MS } from './session-expiry';

let server: FakeServer;

beforeEach(() => {
  server = createFakeServer();
  vi.stubGlobal('fetch', server.fetch);
  localStorage.clear();
  setToken('token-123');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const pending = Symbol('pending');
const settleOrPending = (p: Promise<unknown>) =>
  Promise.race([
    p.then(
      (v) => v,
      (e) => e,
    ),
    new Promise((r) => setTimeout(() => r(pending), 20)),
  ]);

describe('envelope client', () => {
  it('fetches a missing key, sends the encrypted envelope with the token and resolves with bizData', async () => {
    server.on('/order/v5/order/list', (payload, ctx) => ({ bizData: { echo: payload, utoken: ctx.utoken } }));
    const answer = await request('/order/v5/order/list', { pageNo: 2, pageSize: 10 });
    expect(answer).toEqual({ echo: { pageNo: 2, pageSize: 10 }, utoken: 'token-123' });
    const [keyCall, call] = server.calls;
    expect(keyCall?.path).toBe('/global/v5/common/getRsaKey');
    expect(keyCall?.body).toMatchObject({ data: '' });
    expect(call?.body).toMatchObject({ style: '1', clientInfo: { clientType: 'User_PC', clientVersion: '1.0' } });
    expect(String(call?.body.secret)).toHaveLength(22);
    expect(call?.body.data).not.toContain('pageNo');
    expect(localStorage.getItem(KEY_STORAGE)).toHaveLength(16);
  });

  it('reuses the stored key', async () => {
    server.on('/x', () => ({ bizData: 1 }));
    await request('/x');
    await request('/x');
    expect(server.calls.filter((c) => c.path.endsWith('getRsaKey'))).toHaveLength(1);
  });

  it('rejects any HTTP status other than 200', async () => {
    server.on('/x', () => ({ code: Code.tooManyRequests, status: 429 }));
    const error = await request('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: Code.tooManyRequests, status: 429 });
  });

  it('rejects an answer code other than 0000000 with its code and message', async () => {
    server.on('/user/v5/sysuser/login', () => ({ code: Code.loginFailed }));
    await expect(request('/user/v5/sysuser/login', { account: 'a', password: 'b' })).rejects.toMatchObject({
      code: Code.loginFailed,
      message: 'Wrong account or password',
    });
  });

  it('fetches a new key on 0000004 and retries once', async () => {
    server.on('/x', () => ({ bizData: 'ok' }));
    await request('/x');
    const oldKey = localStorage.getItem(KEY_STORAGE);
    server.expireKeys();
    await expect(request('/x')).resolves.toBe('ok');
    expect(localStorage.getItem(KEY_STORAGE)).not.toBe(oldKey);
    expect(server.calls.map((c) => c.path)).toEqual([
      '/global/v5/common/getRsaKey',
      '/x',
      '/x',
      '/global/v5/common/getRsaKey',
      '/x',
    ]);
  });

  it('retries only once when the new key is refused too', async () => {
    server.on('/x', () => ({ code: Code.keyExpired }));
    await expect(request('/x')).rejects.toMatchObject({ code: Code.keyExpired });
    expect(server.calls.filter((c) => c.path === '/x')).toHaveLength(2);
  });

  it('times out after 30 seconds', async () => {
    vi.useFakeTimers();
    localStorage.setItem(KEY_STORAGE, 'A'.repeat(16));
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const result = request('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS);
    expect(await result).toMatchObject({ code: Code.requestFailed, message: 'Request timed out' });
  });

  it.each([Code.sessionExpired, Code.sessionRevoked, Code.sessionReplaced])(
    'on session code %s shows the message, clears the session after 1 s and never settles',
    async (code) => {
      const { clearSession } = await import('@/lib/session/clear-session');
      const notify = vi.fn();
      const goToLogin = vi.fn();
      configureSessionExpiry({ notify, clearSession, goToLogin });
      server.on('/x', () => ({ code }));
      const call = request('/x');
      expect(await settleOrPending(call)).toBe(pending);
      expect(notify).toHaveBeenCalledTimes(1);
      expect(getToken()).toBe('token-123');
      await new Promise((r) => setTimeout(r, RELOGIN_DELAY_MS + 20));
      expect(getToken()).toBeUndefined();
      expect(localStorage.getItem(KEY_STORAGE)).toBeNull();
      expect(goToLogin).toHaveBeenCalledTimes(1);
      expect(await settleOrPending(call)).toBe(pending);
    },
  );

  it('rejects a session code instead when asked to', async () => {
    server.on('/x', () => ({ code: Code.sessionExpired }));
    await expect(request('/x', {}, { onSessionExpired: 'reject' })).rejects.toMatchObject({ code: '0000005' });
  });
});
