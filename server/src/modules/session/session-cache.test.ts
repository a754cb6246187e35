/**
 * The session → user snapshot cache across instances: two apps on one
 * database (PGlite here, PostgreSQL in the server-pg project). A session
 * read (and cached) on B and then ended or changed on A answers the new
 * state on B as soon as A's NOTIFY reaches it: B's answers are polled for
 * up to HEARD_WITHIN_MS, well inside the SNAPSHOT_TTL_MS a stale entry would
 * otherwise live (NOTIFY is delivered asynchronously on PostgreSQL;
 * docs/decisions/0013-session-snapshot-cache.md).
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TLoginResponse, TUserInfoResponse } from '@ac/protocol/session';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeClient } from '../../../test/envelope-client.ts';
import { linkToken, mailsTo, STRONG_PASSWORD } from '../../../test/registration-support.ts';
import { openTestDatabase } from '../../../test/test-db.ts';
import { buildApp } from '../../app/build-app.ts';
import { loadConfig } from '../../config/config.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { DEMO_EMAIL, DEMO_MOBILE, DEMO_PASSWORD, DEMO_UNUSED_CODE, seedDemo } from '../../seed/demo.ts';
import { seedEssentials } from '../../seed/seed.ts';
import { SNAPSHOT_TTL_MS } from './session-snapshots.ts';

const config = loadConfig({
  NODE_ENV: 'test',
  PUBLIC_URL: 'http://127.0.0.1:8080',
  LOG_LEVEL: 'silent',
  JOBS_SCHEDULE: 'false',
});
let database: Database;
let appA: FastifyInstance;
let appB: FastifyInstance;
let a: ReturnType<typeof envelopeClient>;
let b: ReturnType<typeof envelopeClient>;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedEssentials(database.db, config);
  await seedDemo(database.db, config.region);
  appA = await buildApp(config, { database, logger: false });
  appB = await buildApp(config, { database, logger: false });
  // one after the other: both start their job queue on the one database
  await appA.ready();
  await appB.ready();
  a = envelopeClient(appA);
  b = envelopeClient(appB);
});
afterAll(async () => {
  await appA.close();
  await appB.close();
  await database.close();
});

const login = async (account = DEMO_EMAIL, password = DEMO_PASSWORD) => {
  const res = await a.call<TLoginResponse>(calls.session.login, { account, password });
  expect(res.code).toBe(Code.ok);
  return res.data.utoken;
};
const userInfoOnB = (token: string) => b.call<TUserInfoResponse>(calls.session.userInfo, {}, { token });
/** Half the cache's lifetime: an answer that changes within it was invalidated, not expired. */
const HEARD_WITHIN_MS = SNAPSHOT_TTL_MS / 2;
/** What B answers once A's change has reached it (polled, at most HEARD_WITHIN_MS). */
const onBSoon = <T>(read: (info: Awaited<ReturnType<typeof userInfoOnB>>) => T, token: string) =>
  expect.poll(async () => read(await userInfoOnB(token)), { timeout: HEARD_WITHIN_MS, interval: 20 });
const code = (res: { code: string }) => res.code;

describe('the session snapshot cache on two instances', () => {
  it('a logout on A ends the session on B at once', async () => {
    const token = await login();
    expect((await userInfoOnB(token)).code).toBe(Code.ok);
    expect((await userInfoOnB(token)).code).toBe(Code.ok); // now from B's cache
    expect((await a.call(calls.session.logout, {}, { token })).code).toBe(Code.ok);
    await onBSoon(code, token).toBe(Code.sessionRevoked);
  });

  it('a profile change on A shows on B at once', async () => {
    const token = await login();
    const before = (await userInfoOnB(token)).data.userInfo.nickName;
    const renamed = `Renamed ${randomBytes(3).toString('hex')}`;
    expect(before).not.toBe(renamed);
    const changed = await a.call(calls.profile.update, { nickName: renamed }, { token });
    expect(changed.code).toBe(Code.ok);
    await onBSoon((res) => res.data.userInfo.nickName, token).toBe(renamed);
  });

  it('a membership granted on A (a redeemed code) shows on B at once', async () => {
    const token = await login();
    const before = (await userInfoOnB(token)).data;
    expect((await a.call(calls.redeem.exchange, { code: DEMO_UNUSED_CODE }, { token })).code).toBe(Code.ok);
    const onA = (await a.call<TUserInfoResponse>(calls.session.userInfo, {}, { token })).data;
    // the redeemed year of ML2 stacks after the current one: 5 GB more storage from now on
    expect(onA.storage.total).toBe(before.storage.total + 5 * 1024 ** 3);
    await onBSoon(({ data }) => ({ vipInfo: data.vipInfo, storage: data.storage }), token).toEqual({
      vipInfo: onA.vipInfo,
      storage: onA.storage,
    });
  });

  it('a password change on A ends the other sessions on B at once; the old password no longer logs in', async () => {
    const other = await login(DEMO_MOBILE);
    const current = await login();
    expect((await userInfoOnB(other)).code).toBe(Code.ok);
    const newPassword = 'Changed-2026-pass';
    const res = await a.call(
      calls.password.update,
      { type: 'password', oldPassword: DEMO_PASSWORD, newPassword },
      { token: current },
    );
    expect(res.code).toBe(Code.ok);
    await onBSoon(code, other).toBe(Code.sessionRevoked);
    expect((await userInfoOnB(current)).code).toBe(Code.ok);
    const old = await b.call(calls.session.login, { account: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(old.code).toBe(Code.loginFailed);
    expect((await b.call(calls.session.login, { account: DEMO_EMAIL, password: newPassword })).code).toBe(Code.ok);
  });

  it('a password reset through a link on A ends every session on B at once', async () => {
    const token = await login(DEMO_EMAIL, 'Changed-2026-pass');
    expect((await userInfoOnB(token)).code).toBe(Code.ok);
    expect((await a.call(calls.recovery.sendFindPwdEmail, { email: DEMO_EMAIL })).code).toBe(Code.ok);
    const mails = (await mailsTo(database.db, DEMO_EMAIL)).filter((m) => /password\/reset/.test(m.body));
    const id = linkToken(mails.at(-1)!.body, '/site/password/reset');
    expect((await a.call(calls.recovery.resetByLink, { id, password: STRONG_PASSWORD })).code).toBe(Code.ok);
    await onBSoon(code, token).toBe(Code.sessionRevoked);
  });
});

describe('password hashes', () => {
  it('an scrypt hash logs in and is replaced by argon2id at that login', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('Legacy-2026-pass', salt, 32, { N: 2 ** 10, r: 8, p: 1 });
    const [row] = await database.db
      .insert(users)
      .values({
        name: 'legacy',
        nickName: 'Legacy',
        email: 'legacy@example.com',
        passwordHash: `scrypt$10$8$1$${salt.toString('base64')}$${key.toString('base64')}`,
        isActivate: true,
      })
      .returning({ id: users.id });
    await login('legacy@example.com', 'Legacy-2026-pass');
    const [after] = await database.db.select().from(users).where(eq(users.id, row!.id));
    expect(after!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await login('legacy@example.com', 'Legacy-2026-pass');
  });
});
