/**
 * The per-IP rate limits in Redis (REDIS_URL), on a redis-server of the
 * test's own (port 25020): two app instances count against one budget, and
 * while Redis is down each instance counts in memory — limits still apply,
 * every call is answered — until Redis is back (docs/decisions/0031-faults.md).
 */
import { execFileSync } from 'node:child_process';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type OwnRedis, startOwnRedis } from '../../test/fault-harness.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const REDIS_PORT = 25020;
/** codes.sendEmailCode: 20 a minute per IP (codes.routes.ts). */
const LIMIT = 20;
const hasRedisServer = (() => {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let redis: OwnRedis;
let probe: Redis;
let a: TestApp;
let b: TestApp;
// without redis-server each test skips with a note the stage table prints (`.ci/run` installs it)
describe('rate limits in Redis', () => {
  beforeEach(({ skip }) => {
    if (!hasRedisServer) skip('redis-server is not installed (apt-get install redis-server)');
  });
  beforeAll(async () => {
    if (!hasRedisServer) return;
    redis = await startOwnRedis(REDIS_PORT);
    probe = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    probe.on('error', () => {});
    a = await createTestApp({ env: { REDIS_URL: redis.url } });
    b = await createTestApp({ env: { REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    probe?.disconnect();
    await redis?.stop();
  });

  let n = 0;
  const send = (t: TestApp, ip: string) =>
    t.client.from(ip).call(calls.codes.sendEmailCode, { email: `rl-${++n}@example.com`, purpose: 'login' });

  it('are shared by two instances: 10 calls on each, the 21st is refused on either', async () => {
    const ip = '203.0.113.1';
    for (let i = 0; i < LIMIT / 2; i++) {
      expect((await send(a, ip)).status).toBe(200);
      expect((await send(b, ip)).status).toBe(200);
    }
    const over = await send(b, ip);
    expect([over.status, over.code]).toEqual([429, Code.tooManyRequests]);
    expect((await send(a, ip)).code).toBe(Code.tooManyRequests);
    await probe.connect();
    expect((await probe.keys('ac-rate-limit:*203.0.113.1*')).length).toBeGreaterThan(0);
  });

  it('count in memory while Redis is down: still limited, still answered, shared again once it is back', async () => {
    await redis.stop();
    const ip = '203.0.113.2';
    const answers = [];
    for (let i = 0; i <= LIMIT; i++) answers.push(await send(a, ip));
    expect(answers.slice(0, LIMIT).every((r) => r.status === 200)).toBe(true);
    expect([answers[LIMIT]!.status, answers[LIMIT]!.code]).toEqual([429, Code.tooManyRequests]);
    // the other instance counted nothing of these: its own memory
    expect((await send(b, ip)).status).toBe(200);

    await redis.start();
    // once the instances have reconnected, their counts go to Redis again
    const back = '203.0.113.3';
    await vi.waitFor(
      async () => {
        await send(a, back);
        await send(b, back);
        expect((await probe.keys('ac-rate-limit:*203.0.113.3*')).length).toBeGreaterThan(0);
        expect(Number(await probe.get((await probe.keys('ac-rate-limit:*203.0.113.3*'))[0]!))).toBeGreaterThan(1);
      },
      { timeout: 15_000, interval: 300 },
    );
    const shared = '203.0.113.4';
    for (let i = 0; i < LIMIT / 2; i++) {
      await send(a, shared);
      await send(b, shared);
    }
    expect((await send(a, shared)).code).toBe(Code.tooManyRequests);
  });
});
