/**
 * Staff accounts from the console (docs/operations.md#staff) through HTTP: admin lists, creates
 * (the first sign-in sets up an authenticator app), changes a role, disables and enables, resets
 * a second factor and ends sessions; the last enabled administrator is kept (also when two
 * admins demote each other at once); other roles are refused with 2500004; audited.
 */
import { Code } from '@ac/protocol/codes';
import { consoleCalls as cc } from '@ac/protocol/console/console-calls';
import type { TStaffRole } from '@ac/protocol/console/staff';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { commerceAppForTests } from '../../../test/commerce-fixtures.ts';
import { consoleClient, createStaffOfEachRole, STAFF_PASSWORD } from '../../../test/console-client.ts';
import { testServices } from '../../../test/test-app.ts';
import { staffAudit, staff as staffTable } from '../../db/schema/index.ts';

const { t } = commerceAppForTests();
let staff: Awaited<ReturnType<typeof createStaffOfEachRole>>;
beforeAll(async () => {
  staff = await createStaffOfEachRole(testServices(t), 'sa');
});
const signedIn = async (email: string) => {
  const browser = consoleClient(t.app);
  expect((await browser.signIn(email)).body.stage).toBe('signedIn');
  return browser;
};
const auditRows = (action: string, targetId: string) =>
  t.db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.action, action), eq(staffAudit.targetId, targetId)));
let n = 0;
const newEmail = () => `new-${++n}-${Date.now()}@staff.example.com`;

describe('staff accounts', () => {
  it('admin creates an account: its first sign-in sets up an app; others are refused; audited', async () => {
    const admin = await signedIn(staff.admin);
    for (const role of ['support', 'finance', 'sales'] as TStaffRole[]) {
      const browser = await signedIn(staff[role]);
      expect((await browser.call(cc.staff.list, {})).body.code, role).toBe(Code.staffPermissionDenied);
      const refused = await browser.call(cc.staff.create, {
        email: newEmail(),
        name: 'X',
        role: 'admin',
        password: STAFF_PASSWORD,
        reason: 'promote me',
      });
      expect(refused, role).toMatchObject({ status: 403, body: { code: Code.staffPermissionDenied } });
    }
    const email = newEmail();
    const created = await admin.call(cc.staff.create, {
      email,
      name: 'Fin Ance',
      role: 'finance',
      password: STAFF_PASSWORD,
      reason: 'new hire',
    });
    expect(created).toMatchObject({
      status: 200,
      body: { staff: { email, role: 'finance', disabled: false, secondFactor: false, liveSessions: 0 } },
    });
    const first = await consoleClient(t.app).call(cc.session.signIn, { email, password: STAFF_PASSWORD });
    expect(first.body.stage).toBe('enrolSecondFactor');
    expect((await signedIn(email)).cookie()).toBeDefined();
    const listed = await admin.call(cc.staff.list, { query: email });
    expect(listed.body).toMatchObject({ total: 1, rows: [{ email, secondFactor: true }] });
    expect(await auditRows('staff.create', created.body.staff.id)).toMatchObject([
      { staffEmail: staff.admin, reason: 'new hire' },
    ]);
    // bad input: taken email, weak password, unknown role, no reason
    const bads: [Record<string, unknown>, string][] = [
      [{ email, name: 'Again', role: 'support', password: STAFF_PASSWORD, reason: 'again' }, Code.staffEmailTaken],
      [{ email: newEmail(), name: 'Weak', role: 'support', password: 'password', reason: 'weak' }, Code.passwordPolicy],
      [{ email: newEmail(), name: 'Boss', role: 'boss', password: STAFF_PASSWORD, reason: 'boss' }, Code.invalidParam],
      [
        { email: 'not-an-email', name: 'X', role: 'support', password: STAFF_PASSWORD, reason: 'x y' },
        Code.invalidParam,
      ],
      [{ email: newEmail(), name: 'X', role: 'support', password: STAFF_PASSWORD }, Code.invalidParam],
    ];
    for (const [payload, code] of bads) {
      expect((await admin.call(cc.staff.create, payload)).body.code, JSON.stringify(payload)).toBe(code);
    }
  });

  it('role change, disable and enable, second factor reset, end sessions: each audited', async () => {
    const admin = await signedIn(staff.admin);
    const email = newEmail();
    const { id } = (
      await admin.call(cc.staff.create, {
        email,
        name: 'Sup',
        role: 'support',
        password: STAFF_PASSWORD,
        reason: 'hire',
      })
    ).body.staff;
    const them = await signedIn(email);
    const role = await admin.call(cc.staff.setRole, { staffId: id, role: 'sales', reason: 'moved team' });
    expect(role.body.staff.role).toBe('sales');
    // from their next call
    expect((await them.call(cc.companies.search, {})).status).toBe(200);
    expect(await auditRows('staff.setRole', id)).toMatchObject([
      { before: { role: 'support' }, after: { role: 'sales' } },
    ]);

    const ended = await admin.call(cc.staff.endSessions, { staffId: id, reason: 'left laptop open' });
    expect(ended.body.sessionsEnded).toBe(1);
    expect((await them.call(cc.session.me)).body.code).toBe(Code.staffSessionRequired);

    const again = await signedIn(email);
    expect((await admin.call(cc.staff.disable, { staffId: id, reason: 'left' })).body.staff.disabled).toBe(true);
    expect((await again.call(cc.session.me)).body.code).toBe(Code.staffSessionRequired);
    expect((await consoleClient(t.app).signIn(email)).body.code).toBe(Code.staffSignInFailed);
    expect((await admin.call(cc.staff.enable, { staffId: id, reason: 'back' })).body.staff.disabled).toBe(false);

    const reset = await admin.call(cc.staff.resetSecondFactor, { staffId: id, reason: 'lost phone' });
    expect(reset.body.staff.secondFactor).toBe(false);
    const first = await consoleClient(t.app).call(cc.session.signIn, { email, password: STAFF_PASSWORD });
    expect(first.body.stage).toBe('enrolSecondFactor');
    for (const action of ['staff.endSessions', 'staff.disable', 'staff.enable', 'staff.resetSecondFactor']) {
      expect(await auditRows(action, id), action).toHaveLength(1);
    }
    const unknown = await admin.call(cc.staff.disable, {
      staffId: '00000000-0000-4000-8000-000000000001',
      reason: 'who',
    });
    expect(unknown).toMatchObject({ status: 404, body: { code: Code.staffNotFound } });
    expect((await admin.call(cc.staff.disable, { staffId: 'nope', reason: 'who' })).body.code).toBe(Code.invalidParam);
    const refused = await (await signedIn(staff.support)).call(cc.staff.disable, { staffId: id, reason: 'nope' });
    expect(refused.body.code).toBe(Code.staffPermissionDenied);
  });

  it('keeps the last enabled administrator, also when two admins demote each other at once', async () => {
    // only these two admins are enabled
    await t.db.update(staffTable).set({ disabled: true }).where(eq(staffTable.role, 'admin'));
    const services = testServices(t);
    const a = await services.staff.create(
      { staffId: '00000000-0000-0000-0000-000000000000', email: 'command-line', role: 'admin' },
      { email: newEmail(), name: 'A', role: 'admin', password: STAFF_PASSWORD },
    );
    const b = await services.staff.create(
      { staffId: '00000000-0000-0000-0000-000000000000', email: 'command-line', role: 'admin' },
      { email: newEmail(), name: 'B', role: 'admin', password: STAFF_PASSWORD },
    );
    const [asA, asB] = [await signedIn(a.email), await signedIn(b.email)];
    const [r1, r2] = await Promise.all([
      asA.call(cc.staff.setRole, { staffId: b.id, role: 'support', reason: 'demote B' }),
      asB.call(cc.staff.setRole, { staffId: a.id, role: 'support', reason: 'demote A' }),
    ]);
    const codes = [r1, r2].map((r) => (r.status === 200 ? 'ok' : r.body.code)).sort();
    expect(codes).toEqual([Code.staffLastAdmin, 'ok'].sort());
    const admins = await t.db
      .select()
      .from(staffTable)
      .where(and(eq(staffTable.role, 'admin'), eq(staffTable.disabled, false)));
    expect(admins).toHaveLength(1);
    const last = admins[0]!;
    const lastBrowser = last.id === a.id ? asA : asB;
    const self = await lastBrowser.call(cc.staff.disable, { staffId: last.id, reason: 'leaving' });
    expect(self).toMatchObject({ status: 409, body: { code: Code.staffLastAdmin } });
    expect(
      (await lastBrowser.call(cc.staff.setRole, { staffId: last.id, role: 'finance', reason: 'x y z' })).body.code,
    ).toBe(Code.staffLastAdmin);
    expect(await auditRows('staff.disable', last.id)).toHaveLength(0);
  });
});
