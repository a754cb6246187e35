/**
 * Handing a session from a CAD client to the portal: createHandover gives a
 * one-time code (60 s, stored hashed), exchangeHandover turns it into a new
 * session of the same user, once.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { THandoverResponse, TLoginResponse } from '@ac/protocol/session';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForTests } from '../../../test/test-app.ts';
import { createServices } from '../../app/services.ts';
import { sessionHandovers, sessions } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../seed/demo.ts';
import { createSessionService } from './session.service.ts';

const t = testAppForTests({ demo: true });

const login = async () =>
  (await t.client.call<TLoginResponse>(calls.session.login, { account: DEMO_EMAIL, password: DEMO_PASSWORD })).data
    .utoken;
const createHandover = (token?: string) =>
  t.client.call<THandoverResponse>(calls.session.createHandover, {}, { token });
const exchange = (code: string) => t.client.call<TLoginResponse>(calls.session.exchangeHandover, { code });

describe('session handover', () => {
  it('needs a session to create a code', async () => {
    expect((await createHandover()).code).toBe(Code.sessionExpired);
  });

  it('exchanges a code once for a new session of the same user, keeping its login time', async () => {
    const token = await login();
    const created = await createHandover(token);
    expect(created.code).toBe(Code.ok);
    const { code } = created.data;
    expect(code.length).toBeGreaterThanOrEqual(22);

    const res = await exchange(code);
    expect(res.code).toBe(Code.ok);
    expect(res.data.userInfo.email).toBe(DEMO_EMAIL);
    expect(res.data.utoken).not.toBe(token);
    // no cookie: the portal asks the user before it takes the session, then calls setTicket
    expect(res.cookies.find((c) => c.name === 'gstarsso_ticket')).toBeUndefined();
    const set = await t.client.call(calls.session.setTicket, {}, { token: res.data.utoken });
    expect(set.cookies.find((c) => c.name === 'gstarsso_ticket')).toMatchObject({
      value: res.data.utoken,
      httpOnly: true,
    });
    expect((await t.client.call(calls.session.userInfo, {}, { token: res.data.utoken })).code).toBe(Code.ok);
    const row = async (utoken: string) =>
      (
        await t.db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, sha256Hex(utoken)))
      )[0]!;
    expect((await row(res.data.utoken)).createdAt).toEqual((await row(token)).createdAt);

    // single use
    expect((await exchange(code)).code).toBe(Code.sessionExpired);
  });

  it('logout clears the ticket cookie only when the cookie names the session that ended', async () => {
    const mine = await login();
    const { code } = (await createHandover(await login())).data;
    const declined = (await exchange(code)).data.utoken;
    // the user kept their session: the portal ends the handed-over one, the browser's cookie stays
    const other = await t.client.call(
      calls.session.logout,
      {},
      { token: declined, headers: { cookie: `gstarsso_ticket=${mine}` } },
    );
    expect(other.code).toBe(Code.ok);
    expect(other.cookies.find((c) => c.name === 'gstarsso_ticket')).toBeUndefined();
    const own = await t.client.call(
      calls.session.logout,
      {},
      { token: mine, headers: { cookie: `gstarsso_ticket=${mine}` } },
    );
    expect(own.cookies.find((c) => c.name === 'gstarsso_ticket')).toMatchObject({ value: '' });
  });

  it('stores only the hash of the code', async () => {
    const { code } = (await createHandover(await login())).data;
    const rows = await t.db.select().from(sessionHandovers);
    expect(rows.some((r) => r.codeHash === sha256Hex(code))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('refuses an unknown code and one whose session has ended (0000005)', async () => {
    expect((await exchange('AAAAAAAAAAAAAAAAAAAAAA')).code).toBe(Code.sessionExpired);
    const token = await login();
    const { code } = (await createHandover(token)).data;
    await t.client.call(calls.session.logout, {}, { token });
    expect((await exchange(code)).code).toBe(Code.sessionExpired);
  });

  it('lives 60 seconds (injected clock)', async () => {
    let clock = new Date();
    const s = createServices({ config: t.config, db: t.db, log: t.app.log });
    const service = createSessionService({ ...s, db: t.db, now: () => clock });
    const session = await service.resolve(await login());
    const request = {
      clientInfo: { clientType: 'User_PC', clientVersion: '1.0' },
      ip: '127.0.0.1',
      userAgent: undefined,
      requestId: 'r',
    } as const;
    const origin = { ip: '127.0.0.1', requestId: 'r' };

    const start = clock;
    const inTime = await service.createHandover(session, origin);
    clock = new Date(start.getTime() + 59_000);
    expect((await service.exchangeHandover(inTime.code, request)).userInfo.email).toBe(DEMO_EMAIL);

    clock = start;
    const late = await service.createHandover(session, origin);
    clock = new Date(start.getTime() + 61_000);
    await expect(service.exchangeHandover(late.code, request)).rejects.toMatchObject({ code: Code.sessionExpired });
    await s.close();
  });
});
