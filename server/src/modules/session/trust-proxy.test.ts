/**
 * Behind a load balancer (TRUST_PROXY): the client's address comes from
 * X-Forwarded-For, so the login lock of one address does not lock another,
 * and the audit log records the client; without it the header is ignored.
 * The lock is per account and address, and per account from every address.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestApp, testAppForTests } from '../../../test/test-app.ts';
import { auditLog } from '../../db/schema/index.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../seed/demo.ts';

const wrongFrom = (t: TestApp, account: string, ip: string) =>
  t.client.call(calls.session.login, { account, password: 'Wrong-password-1' }, { headers: { 'x-forwarded-for': ip } });
const lastLoginIp = async (t: TestApp) =>
  (
    await t.db.select().from(auditLog).where(eq(auditLog.event, 'login.password')).orderBy(desc(auditLog.id)).limit(1)
  )[0]?.ip;

describe('with TRUST_PROXY=1', () => {
  const t = testAppForTests({ demo: true, env: { TRUST_PROXY: '1' } });

  it('counts failures from two forwarded client addresses separately', async () => {
    for (let i = 0; i < 5; i++) await wrongFrom(t, 'shared@example.com', '203.0.113.1');
    expect((await wrongFrom(t, 'shared@example.com', '203.0.113.1')).code).toBe(Code.tooManyRequests);
    expect((await wrongFrom(t, 'shared@example.com', '203.0.113.2')).code).toBe(Code.loginFailed);
  });

  it('records the forwarded client address in the audit log', async () => {
    const res = await t.client.call(
      calls.session.login,
      { account: DEMO_EMAIL, password: DEMO_PASSWORD },
      { headers: { 'x-forwarded-for': '198.51.100.9' } },
    );
    expect(res.code).toBe(Code.ok);
    expect(await lastLoginIp(t)).toBe('198.51.100.9');
  });

  // 20 password checks: slow on a loaded machine
  it('locks the account from every address after 20 failures', { timeout: 120_000 }, async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => wrongFrom(t, 'spread@example.com', `198.51.100.${i + 1}`)));
    expect((await wrongFrom(t, 'spread@example.com', '198.51.100.99')).code).toBe(Code.tooManyRequests);
  });
});

describe('without TRUST_PROXY', () => {
  const t = testAppForTests({ demo: true });

  it('ignores X-Forwarded-For: both "addresses" are the proxy, counted together', async () => {
    for (let i = 0; i < 5; i++) await wrongFrom(t, 'shared@example.com', '203.0.113.1');
    expect((await wrongFrom(t, 'shared@example.com', '203.0.113.2')).code).toBe(Code.tooManyRequests);
  });

  it('records the connecting address in the audit log', async () => {
    await t.client.call(
      calls.session.login,
      { account: DEMO_EMAIL, password: DEMO_PASSWORD },
      { headers: { 'x-forwarded-for': '198.51.100.9' } },
    );
    expect(await lastLoginIp(t)).toBe('127.0.0.1');
  });
});
