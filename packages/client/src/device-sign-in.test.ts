/** The device sign-in poller against a scripted server: intervals, slow-down, refusals, abort. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, Code, createClient, signInWithDevice } from './index.ts';

const KEY = 'k3YbT9qLm2Xc8RwZ';
const started = {
  deviceCode: 'dc',
  userCode: 'BCDF-GHJK',
  verificationUri: 'http://x/device',
  verificationUriComplete: 'http://x/device?code=BCDF-GHJK',
  expiresIn: 600,
  interval: 5,
};
const session = { utoken: 'tok', userInfo: {} };

/** A client whose server answers the polls with `polls` in turn (plain bizData, which the client takes as is). */
function scripted(polls: { code: string; msg?: string }[]) {
  const seen: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    seen.push(path);
    const body = path.endsWith('getRsaKey')
      ? { code: Code.ok, msg: 'ok', bizData: { aesSecretKey: KEY } }
      : path.endsWith('/start')
        ? { code: Code.ok, msg: 'ok', bizData: started }
        : (() => {
            const next = polls.shift() ?? { code: Code.deviceSignInPending };
            return next.code === Code.ok ? { code: Code.ok, msg: 'ok', bizData: session } : { msg: 'no', ...next };
          })();
    return new Response(JSON.stringify(body), { status: 200 });
  };
  const client = createClient({
    baseUrl: 'http://x',
    clientInfo: { clientType: 'df_windows', clientVersion: '1' },
    fetch,
  });
  return { client, seen };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('signInWithDevice', () => {
  it('shows the code, waits the interval, slows down by 5 s and resolves with the session', async () => {
    const { client, seen } = scripted([
      { code: Code.deviceSignInPending },
      { code: Code.deviceSignInSlowDown },
      { code: Code.deviceSignInPending },
      { code: Code.ok },
    ]);
    const waits: number[] = [];
    const onCode = vi.fn();
    const done = signInWithDevice(client, { deviceName: 'PC', onCode, onWait: (s) => waits.push(s) });
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(done).resolves.toEqual(session);
    expect(onCode).toHaveBeenCalledWith(started);
    expect(waits).toEqual([5, 5, 10, 10]);
    expect(seen.filter((p) => p.endsWith('/poll'))).toHaveLength(4);
  });

  it('rejects with the refusal: denied', async () => {
    const { client } = scripted([{ code: Code.deviceSignInDenied }]);
    const done = signInWithDevice(client, { deviceName: 'PC', onCode: () => {} });
    const caught = done.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await caught;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(Code.deviceSignInDenied);
  });

  it('stops when aborted, without another poll', async () => {
    const { client, seen } = scripted([]);
    const controller = new AbortController();
    const done = signInWithDevice(client, { deviceName: 'PC', onCode: () => {}, signal: controller.signal });
    const caught = done.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(12_000);
    const polls = seen.filter((p) => p.endsWith('/poll')).length;
    controller.abort();
    expect(((await caught) as Error).name).toBe('AbortError');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(seen.filter((p) => p.endsWith('/poll'))).toHaveLength(polls);
  });

  it('gives up as expired when the codes outlive their 10 minutes pending', async () => {
    const { client } = scripted([]);
    const caught = signInWithDevice(client, { deviceName: 'PC', onCode: () => {} }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(601_000);
    expect(((await caught) as ApiError).code).toBe(Code.deviceSignInExpired);
  });
});
