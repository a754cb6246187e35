/**
 * The console's calls through the HTTP surface (docs/decisions/0038-operator-console.md): each
 * call with each role, the session stages, CSRF, the support actions and their audit rows.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { allConsoleCalls, consoleCalls as cc } from '@ac/protocol/console/console-calls';
import { ROLE_PERMISSIONS, STAFF_ROLES } from '@ac/protocol/console/staff';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { consoleClient, createStaffOfEachRole, nextCode, staffApps } from '../../../test/console-client.ts';
import { testAppForTests, testServices } from '../../../test/test-app.ts';
import { orders, staffAudit } from '../../db/schema/index.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../seed/demo.ts';
import { createUserSupport } from './user-support.service.ts';

const t = testAppForTests({ demo: true });
let staff: Awaited<ReturnType<typeof createStaffOfEachRole>>;
let demoId: string;
beforeAll(async () => {
  staff = await createStaffOfEachRole(testServices(t), 'c');
  demoId = (await testServices(t).users.findByAccount(DEMO_EMAIL))!.id;
});

const memberLogin = async () =>
  t.client.call<{ utoken: string }>(calls.session.login, { account: DEMO_EMAIL, password: DEMO_PASSWORD });
const auditRows = (action: string) => t.db.select().from(staffAudit).where(eq(staffAudit.action, action));

describe('console calls and roles', () => {
  it('answers every call to each role as ROLE_PERMISSIONS says, refusing with 2500004 (403)', async () => {
    for (const role of STAFF_ROLES) {
      const browser = consoleClient(t.app);
      expect((await browser.signIn(staff[role])).body).toMatchObject({ role, stage: 'signedIn' });
      for (const call of allConsoleCalls.filter((c) => c.permission)) {
        // an empty payload: refused by the permission before the schema looks, else by the schema (or answered)
        const answer = await browser.call(call, {});
        if (ROLE_PERMISSIONS[role].includes(call.permission!)) {
          expect([200, 400], `${role} ${call.path}`).toContain(answer.status);
          if (answer.status === 400) expect(answer.body.code).toBe(Code.invalidParam);
        } else {
          expect(answer, `${role} ${call.path}`).toMatchObject({
            status: 403,
            body: { code: Code.staffPermissionDenied },
          });
        }
      }
    }
  });

  it('keeps every call but the second step, me and sign-out closed until the second factor', async () => {
    // the first test signed support in: their authenticator app is set up
    const app = staffApps(t.app).get(staff.support)!;
    const browser = consoleClient(t.app);
    const first = await browser.call(cc.session.signIn, { email: staff.support, password: 'Console-2026-pass' });
    expect(first.body).toMatchObject({ stage: 'secondFactor', permissions: ROLE_PERMISSIONS.support });
    expect((await browser.call(cc.users.search, { query: 'demo' })).body.code).toBe(Code.staffSecondFactorRequired);
    expect((await browser.call(cc.session.me)).body.stage).toBe('secondFactor');
    expect(await browser.call(cc.session.secondFactor, { code: '000000' })).toMatchObject({
      status: 401,
      body: { code: Code.staffSecondFactorWrong },
    });
    expect((await browser.call(cc.session.secondFactor, { code: nextCode(app) })).body.stage).toBe('signedIn');
    expect((await browser.call(cc.users.search, { query: 'demo' })).status).toBe(200);
    await browser.call(cc.session.signOut);
    expect((await browser.call(cc.session.me)).body.code).toBe(Code.staffSessionRequired);
  });

  it('refuses a wrong password or a disabled account alike, and locks after repeated failures', async () => {
    const browser = consoleClient(t.app, { remoteAddress: '10.9.9.9' });
    const wrong = await browser.call(cc.session.signIn, { email: staff.finance, password: 'nope-nope-1' });
    expect(wrong).toMatchObject({ status: 401, body: { code: Code.staffSignInFailed } });
    for (let i = 0; i < 4; i++)
      await browser.call(cc.session.signIn, { email: staff.finance, password: 'nope-nope-1' });
    expect(
      await browser.call(cc.session.signIn, { email: staff.finance, password: 'Console-2026-pass' }),
    ).toMatchObject({
      status: 429,
      body: { code: Code.tooManyRequests },
    });
  });

  it('sets an HttpOnly, SameSite=Strict session cookie on the console path', async () => {
    const answer = await consoleClient(t.app).call(cc.session.signIn, {
      email: staff.sales,
      password: 'Console-2026-pass',
    });
    expect(answer.cookies).toHaveLength(1);
    expect(answer.cookies[0]).toMatch(/^ac_staff=[\w-]{40,};/);
    expect(answer.cookies[0]).toContain('HttpOnly');
    expect(answer.cookies[0]).toContain('SameSite=Strict');
    expect(answer.cookies[0]).toContain('Path=/admin');
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('refuses a call without the CSRF header, with a wrong one, or not as application/json', async () => {
    const browser = consoleClient(t.app);
    await browser.signIn(staff.support);
    expect((await browser.call(cc.users.search, { query: 'demo' }, { csrf: null })).body.code).toBe(
      Code.staffCsrfRefused,
    );
    expect((await browser.call(cc.users.search, { query: 'demo' }, { csrf: 'x'.repeat(64) })).status).toBe(403);
    const form = await t.app.inject({
      method: 'POST',
      url: '/admin/api/users/search',
      headers: { 'content-type': 'text/plain', cookie: browser.cookie()!, 'x-csrf-token': browser.csrf()! },
      payload: '{"query":"demo"}',
    });
    expect(form.json()).toMatchObject({ code: Code.staffCsrfRefused });
  });

  it('gives a reloaded page (the cookie, no token) its CSRF token through me, and nothing else without it', async () => {
    const browser = consoleClient(t.app);
    const signedIn = await browser.signIn(staff.support);
    const reloaded = (url: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', cookie: browser.cookie()! },
        payload: JSON.stringify(payload),
      });
    const me = await reloaded('/admin/api/session/me', {});
    expect(me.json()).toMatchObject({ stage: 'signedIn', csrfToken: signedIn.body.csrfToken });
    expect((await reloaded('/admin/api/session/sign-out', {})).json().code).toBe(Code.staffCsrfRefused);
  });
});

describe('support actions', () => {
  it('finds the demo member by a differently spelled mobile, by nickname fragment and by order number', async () => {
    const browser = consoleClient(t.app);
    await browser.signIn(staff.support);
    for (const query of ['138 0000 0000', '+86-138-0000-0000', '(138) 0000 0000']) {
      const { body } = await browser.call(cc.users.search, { query });
      expect(
        body.rows.map((r: { id: string }) => r.id),
        query,
      ).toEqual([demoId]);
      expect(body.rows[0].matched).toContain('mobile');
    }
    const byOrder = await browser.call(cc.users.search, { query: 'ac2026000000000001' });
    expect(byOrder.body.rows[0]).toMatchObject({ id: demoId, matched: expect.arrayContaining(['order']) });
    const byId = await browser.call(cc.users.search, { query: demoId });
    expect(byId.body.rows[0].matched).toContain('id');
    const view = await browser.call(cc.users.view, { userId: demoId });
    expect(view.status).toBe(200);
    expect(view.body.profile.email).toBe(DEMO_EMAIL);
    expect(view.body.memberships.length).toBeGreaterThan(0);
    expect(view.body.memberships[0]).toHaveProperty('sourceType');
  });

  it('ends the member’s sessions, audited with the reason', async () => {
    const { data } = await memberLogin();
    const browser = consoleClient(t.app);
    await browser.signIn(staff.support);
    const ended = await browser.call(cc.users.endSessions, { userId: demoId, reason: 'member asked: lost laptop' });
    expect(ended.body.ended).toBeGreaterThanOrEqual(1);
    expect((await t.client.call(calls.session.userInfo, {}, { token: data.utoken })).code).toBe(Code.sessionRevoked);
    const [row] = await auditRows('user.endSessions');
    expect(row).toMatchObject({
      staffEmail: staff.support,
      role: 'support',
      targetId: demoId,
      reason: 'member asked: lost laptop',
    });
  });

  it('extends a membership by at most 31 days through a manual replenishment order the member sees', async () => {
    const { data } = await memberLogin();
    const before = await t.client.call<{ rows: { goodsCode: string; expireTime: string }[] }>(
      calls.memberships.mine,
      {},
      { token: data.utoken },
    );
    const ml2 = before.data.rows.find((r) => r.goodsCode === 'ML2')!;
    const browser = consoleClient(t.app);
    await browser.signIn(staff.support);
    const refused = await browser.call(cc.users.extendMembership, {
      userId: demoId,
      goodsCode: 'ML2',
      days: 32,
      reason: 'too long',
    });
    expect(refused).toMatchObject({ status: 400, body: { code: Code.invalidParam } });
    const unknown = await browser.call(cc.users.extendMembership, {
      userId: demoId,
      goodsCode: 'NOPE',
      days: 3,
      reason: 'a goods that is not',
    });
    expect(unknown.body.code).toBe(Code.goodsNotFound);
    expect(await auditRows('user.extendMembership')).toHaveLength(0);

    const done = await browser.call(cc.users.extendMembership, {
      userId: demoId,
      goodsCode: 'ML2',
      days: 31,
      reason: 'outage in May',
    });
    expect(done.status).toBe(200);
    const after = await t.client.call<{ rows: { goodsCode: string; expireTime: string }[] }>(
      calls.memberships.mine,
      {},
      { token: data.utoken },
    );
    const longest = Math.max(
      ...after.data.rows.filter((r) => r.goodsCode === 'ML2').map((r) => Date.parse(r.expireTime)),
    );
    expect(longest - Date.parse(ml2.expireTime)).toBe(31 * 86_400_000);
    const [order] = await t.db.select().from(orders).where(eq(orders.orderNo, done.body.orderNo));
    expect(order).toMatchObject({ orderType: 'manualReplenishment', status: 1, payAmount: 0, userId: demoId });
    const [row] = await auditRows('user.extendMembership');
    expect(row).toMatchObject({
      reason: 'outage in May',
      after: expect.objectContaining({ orderNo: done.body.orderNo, days: 31 }),
    });
  });

  it('stacks two extensions asked at once: both orders, the second membership after the first', async () => {
    const { data } = await memberLogin();
    const ends = async () =>
      (
        await t.client.call<{ rows: { goodsCode: string; expireTime: string }[] }>(
          calls.memberships.mine,
          {},
          { token: data.utoken },
        )
      ).data.rows
        .filter((r) => r.goodsCode === 'ML3')
        .map((r) => Date.parse(r.expireTime));
    const before = Math.max(Date.now(), ...(await ends()));
    const [a, b] = [consoleClient(t.app), consoleClient(t.app)];
    await a.signIn(staff.support);
    await b.signIn(staff.admin);
    const answers = await Promise.all(
      [a, b].map((browser) =>
        browser.call(cc.users.extendMembership, { userId: demoId, goodsCode: 'ML3', days: 10, reason: 'two at once' }),
      ),
    );
    expect(answers.map((x) => x.status)).toEqual([200, 200]);
    expect(new Set(answers.map((x) => x.body.orderNo)).size).toBe(2);
    // the user row is locked by each grant: the later one starts where the earlier ends
    const latest = Math.max(...answers.map((x) => Date.parse(x.body.endTime)));
    expect(latest - before).toBeGreaterThanOrEqual(20 * 86_400_000 - 60_000);
    expect(Math.max(...(await ends()))).toBe(latest);
    expect((await auditRows('user.extendMembership')).filter((r) => r.reason === 'two at once')).toHaveLength(2);
  });

  it('blocks a member (login refused with 1000014, sessions ended) and unblocks them', async () => {
    const { data } = await memberLogin();
    const browser = consoleClient(t.app);
    await browser.signIn(staff.admin);
    expect((await browser.call(cc.users.block, { userId: demoId, reason: 'chargeback fraud' })).status).toBe(200);
    expect((await t.client.call(calls.session.userInfo, {}, { token: data.utoken })).code).toBe(Code.sessionRevoked);
    expect((await memberLogin()).code).toBe(Code.accountBlocked);
    expect((await browser.call(cc.users.search, { query: DEMO_EMAIL })).body.rows[0].blocked).toBe(true);
    expect((await browser.call(cc.users.unblock, { userId: demoId, reason: 'cleared by the bank' })).status).toBe(200);
    expect((await memberLogin()).code).toBe(Code.ok);
    const rows = [...(await auditRows('user.block')), ...(await auditRows('user.unblock'))];
    expect(rows.map((r) => r.reason)).toEqual(['chargeback fraud', 'cleared by the bank']);
  });

  it('writes the audit row in the transaction of the change: a failing audit write leaves no change', async () => {
    const s = testServices(t);
    const failing = createUserSupport({
      ...s,
      db: t.db,
      staffAudit: {
        record: async () => {
          throw new Error('audit write failed');
        },
      },
    });
    const actor = {
      staffId: '00000000-0000-0000-0000-000000000001',
      email: 'x@staff.example.com',
      role: 'support' as const,
    };
    await expect(failing.setBlocked(actor, demoId, true, 'never recorded')).rejects.toThrow('audit write failed');
    expect((await s.users.findLive(demoId))!.blockedAt).toBeNull();
    const ordersBefore = (await t.db.select().from(orders).where(eq(orders.userId, demoId))).length;
    await expect(
      failing.extendMembership(actor, { userId: demoId, goodsCode: 'ML2', days: 2, reason: 'never' }),
    ).rejects.toThrow();
    expect((await t.db.select().from(orders).where(eq(orders.userId, demoId))).length).toBe(ordersBefore);
  });

  it('lists the audit filtered, and exports it as CSV', async () => {
    const browser = consoleClient(t.app);
    await browser.signIn(staff.finance);
    const list = await browser.call(cc.audit.list, { action: 'user.extendMembership' });
    expect(list.body.total).toBe(3);
    expect(list.body.rows).toContainEqual(
      expect.objectContaining({ staffEmail: staff.support, reason: 'outage in May' }),
    );
    const byAdmin = await browser.call(cc.audit.list, { action: 'user.extendMembership', staffEmail: staff.admin });
    expect(byAdmin.body.rows.map((r: { reason: string }) => r.reason)).toEqual(['two at once']);
    const future = await browser.call(cc.audit.list, { from: new Date(Date.now() + 86_400_000).toISOString() });
    expect(future.body.total).toBe(0);
    const csv = await browser.call(cc.audit.export, { targetId: demoId });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines[0]).toBe('at,staffEmail,role,action,targetType,targetId,reason,before,after,ip');
    expect(lines.some((l) => l.includes('"outage in May"'))).toBe(true);
  });
});

describe('the staff audit table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE (a trigger)', async () => {
    // drizzle wraps the database's error; its cause carries the trigger's message
    const refusal = (query: ReturnType<typeof sql>) =>
      t.db.execute(query).then(
        () => 'accepted',
        (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
      );
    expect(await refusal(sql`update staff_audit set reason = 'rewritten'`)).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(sql`delete from staff_audit`)).toMatch(/append-only: DELETE refused/);
    expect(await refusal(sql`truncate staff_audit`)).toMatch(/append-only: TRUNCATE refused/);
    expect((await t.db.select().from(staffAudit)).length).toBeGreaterThan(0);
  });
});
