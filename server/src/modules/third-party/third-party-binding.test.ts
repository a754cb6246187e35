import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TLoginResponse } from '@ac/protocol/session';
import type { TAuthorizeResponse } from '@ac/protocol/third-party';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkToken, mailsTo, STRONG_PASSWORD } from '../../../test/registration-support.ts';
import {
  REDIRECT,
  REDIRECT_URI,
  startThirdPartyTestbed,
  type ThirdPartyTestbed,
} from '../../../test/third-party-support.ts';
import { auditLog, oauthStates, outbox, sessions, thirdPartyBindings, users } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../seed/demo.ts';

let tb: ThirdPartyTestbed;
beforeAll(async () => {
  tb = await startThirdPartyTestbed();
});
afterAll(() => tb.close());

describe('third-party list and authorize URL', () => {
  it('lists the providers of the region and which can be used', async () => {
    const res = await tb.list(tb.demo);
    expect(res.data.rows.map((r) => [r.type, r.bound, r.available])).toEqual([
      ['google', false, true],
      ['facebook', false, true],
      ['linkedin', false, false],
      ['kakao', false, false],
    ]);
  });

  it('builds the authorize URL with state, nonce and PKCE S256, keeping only a hash of the state', async () => {
    const res = await tb.t.client.call<TAuthorizeResponse>(
      calls.thirdParty.bindingUrl,
      { type: 'google', redirect: REDIRECT },
      { token: tb.demo },
    );
    const url = new URL(res.data.url);
    expect(url.origin).toBe(tb.op.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('openid profile email');
    const state = url.searchParams.get('state')!;
    const [row] = await tb.t.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, sha256Hex(state)));
    expect(row).toMatchObject({ provider: 'google', purpose: 'bind' });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60_000);
  });

  it('answers 0300066 for a provider without config or not answering, 0000013 out of region', async () => {
    const kakao = { type: 'kakao', redirect: REDIRECT };
    expect((await tb.t.client.call(calls.thirdParty.bindingUrl, kakao, { token: tb.demo })).code).toBe(
      Code.thirdTryLater,
    );
    const fb = { type: 'facebook', redirect: REDIRECT };
    expect((await tb.t.client.call(calls.thirdParty.bindingUrl, fb, { token: tb.demo })).code).toBe(Code.thirdTryLater);
    const wx = { type: 'wx', redirect: REDIRECT };
    expect((await tb.t.client.call(calls.thirdParty.bindingUrl, wx, { token: tb.demo })).code).toBe(Code.notInRegion);
  });

  it('refuses a redirect off this site', async () => {
    for (const redirect of ['https://evil.example.com/cb', '//evil.example.com/cb', 'javascript:alert(1)']) {
      const res = await tb.t.client.call(calls.thirdParty.bindingUrl, { type: 'google', redirect }, { token: tb.demo });
      expect(res.code, redirect).toBe(Code.invalidParam);
    }
  });
});

describe('binding through the provider', () => {
  it('binds the identity the provider vouches for (name and picture from userinfo)', async () => {
    expect((await tb.bind(tb.demo, 'alice')).code).toBe(Code.ok);
    const row = (await tb.list(tb.demo)).data.rows.find((r) => r.type === 'google')!;
    expect(row).toMatchObject({ bound: true, name: 'Person alice', favicon: 'https://img.example.com/alice.png' });
    expect(new Date(row.bindTime!).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answers 0300067 / 0300018 / 0300017 for the three kinds of double binding', async () => {
    expect((await tb.bind(tb.demo, 'alice')).code).toBe(Code.thirdAlreadyBound);
    expect((await tb.bind(tb.demo, 'bob')).code).toBe(Code.thirdAlreadyBoundBefore);
    expect((await tb.bind(tb.other, 'alice')).code).toBe(Code.thirdAccountUsed);
    expect(await tb.t.db.select().from(thirdPartyBindings)).toHaveLength(1);
  });

  it('answers 0300068 for a used, foreign, mistyped or unknown state and a forged code', async () => {
    const cb = await tb.callback('bob', tb.other);
    expect((await tb.t.client.call(calls.thirdParty.bind, { type: 'google', ...cb }, { token: tb.demo })).code).toBe(
      Code.thirdLoginAgain,
    );
    expect((await tb.t.client.call(calls.thirdParty.bind, { type: 'google', ...cb }, { token: tb.other })).code).toBe(
      Code.thirdLoginAgain,
    );
    const typed = await tb.callback('bob', tb.other);
    const kakao = { ...typed, type: 'kakao' };
    expect((await tb.t.client.call(calls.thirdParty.bind, kakao, { token: tb.other })).code).toBe(Code.thirdLoginAgain);
    const forged = { ...(await tb.callback('bob', tb.other)), code: 'forged-code', type: 'google' };
    expect((await tb.t.client.call(calls.thirdParty.bind, forged, { token: tb.other })).code).toBe(
      Code.thirdLoginAgain,
    );
    const unknown = { type: 'google', code: 'x', state: 'never-issued' };
    expect((await tb.t.client.call(calls.thirdParty.bind, unknown, { token: tb.other })).code).toBe(
      Code.thirdLoginAgain,
    );
  });
});

describe('unbinding', () => {
  it('needs a login younger than 15 minutes', async () => {
    await tb.t.db
      .update(sessions)
      .set({ createdAt: sql`${sessions.createdAt} - interval '16 minutes'` })
      .where(eq(sessions.tokenHash, sha256Hex(tb.other)));
    const res = await tb.t.client.call(calls.thirdParty.unbind, { type: 'google' }, { token: tb.other });
    expect(res.code).toBe(Code.reauthRequired);
  });

  it('never removes the last way to log in', async () => {
    const [dave] = await tb.t.db
      .insert(users)
      .values({ name: 'dave', nickName: 'Dave', isActivate: true })
      .returning({ id: users.id });
    await tb.t.db.insert(thirdPartyBindings).values({ userId: dave!.id, provider: 'google', subject: 'dave' });
    const session = await tb.thirdLogin<TLoginResponse>('dave');
    const res = await tb.t.client.call(calls.thirdParty.unbind, { type: 'google' }, { token: session.data.utoken });
    expect(res.code).toBe(Code.lastLoginMethod);
    expect((await tb.list(session.data.utoken)).data.rows[0]!.bound).toBe(true);
  });

  it('unbinds and sends a notice', async () => {
    const res = await tb.t.client.call(calls.thirdParty.unbind, { type: 'google' }, { token: tb.demo });
    expect(res.code).toBe(Code.ok);
    expect((await tb.list(tb.demo)).data.rows[0]!.bound).toBe(false);
    const again = await tb.t.client.call(calls.thirdParty.unbind, { type: 'google' }, { token: tb.demo });
    expect(again.code).toBe(Code.invalidParam);
    const [notice] = await tb.t.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, DEMO_EMAIL))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    expect(notice).toMatchObject({ subject: 'A sign-in method was removed' });
    expect(notice!.body).toContain('Google');
    const alice = await tb.thirdLogin('alice');
    expect(alice.data).toMatchObject({ needRegister: true });
  });

  it('audits bindings and logins without codes or states', async () => {
    const rows = await tb.t.db.select().from(auditLog);
    const events = rows.map((r) => r.event);
    expect(events).toEqual(
      expect.arrayContaining(['third.bound', 'third.unbound', 'third.login', 'third.login.unbound']),
    );
    expect(rows.find((r) => r.event === 'third.bound')!.detail).toEqual({ type: 'google' });
  });
});

describe('binding from an older login, and a password reset', () => {
  const age = (token: string) =>
    tb.t.db
      .update(sessions)
      .set({ createdAt: sql`${sessions.createdAt} - interval '16 minutes'` })
      .where(eq(sessions.tokenHash, sha256Hex(token)));

  it('needs a login younger than 15 minutes to bind, as to unbind', async () => {
    const login = await tb.t.client.call<TLoginResponse>(calls.session.login, {
      account: 'other@example.com',
      password: DEMO_PASSWORD,
    });
    const token = login.data.utoken;
    const params = await tb.callback('carol', token);
    await age(token);
    const bind = await tb.t.client.call(calls.thirdParty.bind, { type: 'google', ...params }, { token });
    expect(bind.code).toBe(Code.reauthRequired);
    const url = await tb.t.client.call(calls.thirdParty.bindingUrl, { type: 'google', redirect: REDIRECT }, { token });
    expect(url.code).toBe(Code.reauthRequired);
    expect((await tb.thirdLogin('carol')).data).toMatchObject({ needRegister: true });
  });

  it('tells the account when a login is bound', async () => {
    expect((await tb.bind(tb.demo, 'erin')).code).toBe(Code.ok);
    const [notice] = await mailsTo(tb.t.db, DEMO_EMAIL);
    expect(notice).toMatchObject({ subject: 'A sign-in method was added' });
    expect(notice!.body).toContain('Google');
  });

  it('removes every binding when the password is reset', async () => {
    await tb.t.client.call(calls.recovery.sendFindPwdEmail, { email: DEMO_EMAIL });
    const mail = (await mailsTo(tb.t.db, DEMO_EMAIL)).find((m) => /password\/reset/.test(m.body))!;
    const id = linkToken(mail.body, '/site/password/reset');
    expect((await tb.t.client.call(calls.recovery.resetByLink, { id, password: STRONG_PASSWORD })).code).toBe(Code.ok);
    const [demo] = await tb.t.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
    expect(await tb.t.db.select().from(thirdPartyBindings).where(eq(thirdPartyBindings.userId, demo!.id))).toEqual([]);
    expect((await tb.thirdLogin('erin')).data).toMatchObject({ needRegister: true });
  });
});
