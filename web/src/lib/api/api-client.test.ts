import { ApiError, calls, DEFAULT_TIMEOUT_MS } from '@ac/client';
import { Code } from '@ac/protocol/codes';
import { defineContract } from '@ac/protocol/contract';
import { httpPaths } from '@ac/protocol/http-paths';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { getToken, setToken } from '@/lib/session/token';
import { createFakeServer, type FakeServer } from '@/test/fake-envelope-server';
import { KEY_STORAGE } from './aes-key';
import { apiCall } from './api-client';
import { configureSessionExpiry, RELOGIN_DELAY_MS } from './session-expiry';

let server: FakeServer;

/** A call of no meaning to the server, for the client's own behaviour. */
const X = defineContract({
  path: '/x',
  summary: 'x',
  tag: 'test',
  auth: false,
  request: z.unknown(),
  response: z.unknown(),
});
const SLOW = { ...X, path: '/slow' };

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
  it('is tested against answers the contract allows: the fake server refuses one it does not', async () => {
    server.on(calls.orders.list.path, () => ({ bizData: { rows: 'none' } }));
    await expect(apiCall(calls.orders.list, { pageNo: 1, pageSize: 10 })).rejects.toMatchObject({
      code: Code.requestFailed,
    });
    expect(server.wrongAnswers.map((w) => w.path)).toEqual([calls.orders.list.path]);
  });

  it('fetches a missing key, sends the encrypted envelope with the token and resolves with bizData', async () => {
    const received: { payload: unknown; utoken: string | null }[] = [];
    const page = { rows: [], total: 11, pageNo: 2, pageSize: 10 };
    server.on(calls.orders.list.path, (payload, ctx) => {
      received.push({ payload, utoken: ctx.utoken });
      return { bizData: page };
    });
    const answer = await apiCall(calls.orders.list, { pageNo: 2, pageSize: 10 });
    expect(answer).toEqual(page);
    expect(received).toEqual([{ payload: { pageNo: 2, pageSize: 10 }, utoken: 'token-123' }]);
    const [keyCall, call] = server.calls;
    expect(keyCall?.path).toBe(httpPaths.getRsaKey);
    expect(keyCall?.body).toMatchObject({ data: '' });
    expect(call?.body).toMatchObject({ style: '1', clientInfo: { clientType: 'User_PC', clientVersion: '1.0' } });
    expect(String(call?.body.secret)).toHaveLength(22);
    expect(call?.body.data).not.toContain('pageNo');
    expect(localStorage.getItem(KEY_STORAGE)).toHaveLength(16);
  });

  it('reuses the stored key', async () => {
    server.on('/x', () => ({ bizData: 1 }));
    await apiCall(X, {});
    await apiCall(X, {});
    expect(server.calls.filter((c) => c.path.endsWith('getRsaKey'))).toHaveLength(1);
  });

  it('rejects any HTTP status other than 200', async () => {
    server.on('/x', () => ({ code: Code.tooManyRequests, status: 429 }));
    const error = await apiCall(X, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: Code.tooManyRequests, status: 429 });
  });

  it('rejects an answer code other than 0000000 with its code and message', async () => {
    server.on(calls.session.login.path, () => ({ code: Code.loginFailed }));
    await expect(apiCall(calls.session.login, { account: 'a', password: 'b' })).rejects.toMatchObject({
      code: Code.loginFailed,
      message: 'Wrong account or password',
    });
  });

  it('fetches a new key on 0000004 and retries once', async () => {
    server.on('/x', () => ({ bizData: 'ok' }));
    await apiCall(X, {});
    const oldKey = localStorage.getItem(KEY_STORAGE);
    server.expireKeys();
    await expect(apiCall(X, {})).resolves.toBe('ok');
    expect(localStorage.getItem(KEY_STORAGE)).not.toBe(oldKey);
    expect(server.calls.map((c) => c.path)).toEqual([httpPaths.getRsaKey, '/x', '/x', httpPaths.getRsaKey, '/x']);
  });

  it('retries only once when the new key is refused too', async () => {
    server.on('/x', () => ({ code: Code.keyExpired }));
    await expect(apiCall(X, {})).rejects.toMatchObject({ code: Code.keyExpired });
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
    const result = apiCall(SLOW, {}).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS);
    expect(await result).toMatchObject({ code: Code.requestFailed, message: 'Request timed out' });
  });

  it.each([Code.sessionExpired, Code.sessionRevoked, Code.sessionReplaced])(
    'on session code %s shows the message, clears the session after 1 s and never settles',
    async (code) => {
      const { clearSession } = await import('@/lib/session/clear-session');
      // the clock is faked from the message on (the call's crypto runs for real before it): the 1 s is not waited out
      let notified = () => {};
      const wasNotified = new Promise<void>((resolve) => {
        notified = resolve;
      });
      const notify = vi.fn(() => {
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
        notified();
      });
      const goToLogin = vi.fn();
      configureSessionExpiry({ notify, clearSession, goToLogin });
      server.on('/x', () => ({ code }));
      const call = apiCall(X, {});
      await wasNotified;
      expect(notify).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(RELOGIN_DELAY_MS - 1);
      expect(getToken()).toBe('token-123');
      expect(goToLogin).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(getToken()).toBeUndefined();
      expect(localStorage.getItem(KEY_STORAGE)).toBeNull();
      expect(goToLogin).toHaveBeenCalledTimes(1);
      const later = settleOrPending(call);
      await vi.advanceTimersByTimeAsync(20);
      expect(await later).toBe(pending);
    },
  );

  it('rejects a session code instead when asked to', async () => {
    server.on('/x', () => ({ code: Code.sessionExpired }));
    await expect(apiCall(X, {}, { onSessionExpired: 'reject' })).rejects.toMatchObject({ code: '0000005' });
  });
});
