/**
 * The console's remaining support actions through the HTTP surface (docs/operations.md#support-actions):
 * resending the activation mail, unbinding a device, unlocking a login. Each with each role (support
 * and admin allowed, finance and sales refused with 2500004 and nothing changed), its refusals, and
 * the staff audit row written in the change's transaction.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { consoleCalls as cc } from '@ac/protocol/console/console-calls';
import type { TStaffRole } from '@ac/protocol/console/staff';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { consoleClient, createStaffOfEachRole } from '../../../test/console-client.ts';
import { ageLinks, linkToken, mailsTo, registrationForm, STRONG_PASSWORD } from '../../../test/registration-support.ts';
import { testAppForTests, testServices } from '../../../test/test-app.ts';
import { devices, staffAudit } from '../../db/schema/index.ts';
import { createUserSupport } from './user-support.service.ts';

const t = testAppForTests();
let staff: Awaited<ReturnType<typeof createStaffOfEachRole>>;
beforeAll(async () => {
  staff = await createStaffOfEachRole(testServices(t), 'sa');
});

const ALLOWED: TStaffRole[] = ['support', 'admin'];
const REFUSED: TStaffRole[] = ['finance', 'sales'];
const signedIn = async (role: TStaffRole) => {
  const browser = consoleClient(t.app);
  await browser.signIn(staff[role]);
  return browser;
};
const auditRows = (action: string, targetId: string) =>
  t.db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.action, action), eq(staffAudit.targetId, targetId)));

let counter = 0;
/** A registered, still unactivated overseas member: their id and email (the registration's link mailed). */
async function unactivatedMember() {
  const n = counter++;
  const email = `support-${n}@example.com`;
  // each from an address of its own (registrations are limited per address)
  const client = t.client.from(`10.77.0.${n + 1}`);
  expect((await client.call(calls.registration.registerByEmail, registrationForm(email))).code).toBe(Code.ok);
  const user = (await testServices(t).users.findByAccount(email))!;
  return { id: user.id, email, client };
}
/** An activated member (the registration's link opened). */
async function activatedMember() {
  const m = await unactivatedMember();
  const mail = (await mailsTo(t.db, m.email))[0]!;
  expect((await m.client.call(calls.registration.toActivate, { id: linkToken(mail.body, '/toactivate') })).code).toBe(
    Code.ok,
  );
  return m;
}
/** A member's login, from the member's own address (logins are limited per address). */
const login = (m: { email: string; client: typeof t.client }, password = STRONG_PASSWORD) =>
  m.client.call<{ utoken: string }>(calls.session.login, { account: m.email, password });

/** Wrong passwords from one address until the pair (account, address) locks: 0000006 with the wait. */
async function lockedOut(m: { email: string; client: typeof t.client }) {
  for (let i = 0; i < 5; i++) await login(m, 'Wrong-Password-1');
  const locked = await login(m);
  expect(locked.code).toBe(Code.tooManyRequests);
}

describe('resend the activation mail', () => {
  it('mails support’s and admin’s new link, which activates; finance and sales are refused', async () => {
    for (const role of REFUSED) {
      const m = await unactivatedMember();
      await ageLinks(t.db, 5);
      const refused = await (await signedIn(role)).call(cc.users.resendActivation, { userId: m.id, reason: 'no mail' });
      expect(refused, role).toMatchObject({ status: 403, body: { code: Code.staffPermissionDenied } });
      expect(await mailsTo(t.db, m.email)).toHaveLength(1);
      expect(await auditRows('user.resendActivation', m.id)).toHaveLength(0);
    }
    for (const role of ALLOWED) {
      const m = await unactivatedMember();
      const browser = await signedIn(role);
      // the registration mailed a link a moment ago: the member's resend interval holds for staff too
      const tooSoon = await browser.call(cc.users.resendActivation, { userId: m.id, reason: 'mail lost' });
      expect(tooSoon.body.code, role).toBe(Code.mailSendTooSoon);
      expect(await auditRows('user.resendActivation', m.id)).toHaveLength(0);

      await ageLinks(t.db, 5);
      const sent = await browser.call(cc.users.resendActivation, { userId: m.id, reason: 'mail lost in spam' });
      expect(sent, role).toMatchObject({ status: 200, body: { email: m.email } });
      const mails = await mailsTo(t.db, m.email);
      expect(mails).toHaveLength(2);
      expect(mails[0]!.subject).toBe('Activate your account');
      expect((await login(m)).code).toBe(Code.accountNotActivated);
      const activated = await t.client.call(calls.registration.toActivate, {
        id: linkToken(mails[0]!.body, '/toactivate'),
      });
      expect(activated.code).toBe(Code.ok);
      expect((await login(m)).code).toBe(Code.ok);

      const rows = await auditRows('user.resendActivation', m.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        staffEmail: staff[role],
        role,
        targetType: 'user',
        reason: 'mail lost in spam',
        before: { activated: false },
        after: { mailedTo: m.email },
      });
    }
  });

  it('refuses an activated account (2500030), a member without email (2500031) and an unknown one', async () => {
    const browser = await signedIn('support');
    const m = await activatedMember();
    await ageLinks(t.db, 5);
    expect(await browser.call(cc.users.resendActivation, { userId: m.id, reason: 'asked again' })).toMatchObject({
      status: 409,
      body: { code: Code.staffMemberAlreadyActivated },
    });
    const s = testServices(t);
    const mobileOnly = await s.users.create(
      { name: 'Mobile only', nickName: 'mobile-only', mobile: '+8613900001234', isActivate: false },
      t.db,
    );
    expect(await browser.call(cc.users.resendActivation, { userId: mobileOnly, reason: 'asked again' })).toMatchObject({
      status: 409,
      body: { code: Code.staffMemberWithoutEmail },
    });
    const unknown = await browser.call(cc.users.resendActivation, {
      userId: '00000000-0000-4000-8000-000000000000',
      reason: 'asked again',
    });
    expect(unknown.body.code).toBe(Code.userNotFound);
    expect(await auditRows('user.resendActivation', m.id)).toHaveLength(0);
  });
});

describe('unbind a device', () => {
  /** An activated member with a device a desktop client reported and the member bound (written directly). */
  async function memberWithBoundDevice() {
    const m = await activatedMember();
    const [device] = await t.db
      .insert(devices)
      .values({
        userId: m.id,
        name: 'Drafting PC',
        model: 'ThinkStation',
        mac: '00:11:22:33:44:55',
        uuid: crypto.randomUUID(),
        clientVersion: '2026.1',
        status: 'bound',
        boundAt: new Date(),
      })
      .returning();
    return { ...m, deviceId: device!.id };
  }
  const statusOf = async (id: string) =>
    (await t.db.select({ status: devices.status }).from(devices).where(eq(devices.id, id)))[0]!.status;

  it('unbinds for support and admin, audited with the device; finance and sales are refused', async () => {
    for (const role of REFUSED) {
      const m = await memberWithBoundDevice();
      const refused = await (await signedIn(role)).call(cc.users.unbindDevice, {
        userId: m.id,
        deviceId: m.deviceId,
        reason: 'seat needed',
      });
      expect(refused, role).toMatchObject({ status: 403, body: { code: Code.staffPermissionDenied } });
      expect(await statusOf(m.deviceId)).toBe('bound');
      expect(await auditRows('user.unbindDevice', m.id)).toHaveLength(0);
    }
    for (const role of ALLOWED) {
      const m = await memberWithBoundDevice();
      const browser = await signedIn(role);
      const done = await browser.call(cc.users.unbindDevice, {
        userId: m.id,
        deviceId: m.deviceId,
        reason: 'old PC sold, seat needed',
      });
      expect(done, role).toMatchObject({ status: 200, body: { sessionsEnded: 0 } });
      expect(await statusOf(m.deviceId)).toBe('unbound');
      const view = await browser.call(cc.users.view, { userId: m.id });
      expect(view.body.devices[0]).toMatchObject({ id: m.deviceId, status: 'unbound' });
      const [row, ...more] = await auditRows('user.unbindDevice', m.id);
      expect(more).toHaveLength(0);
      expect(row).toMatchObject({
        staffEmail: staff[role],
        role,
        reason: 'old PC sold, seat needed',
        before: { device: { id: m.deviceId, name: 'Drafting PC', status: 'bound' } },
        after: { device: { id: m.deviceId, status: 'unbound' }, sessionsEnded: 0 },
      });
      // once unbound: 2500032; another member's device: 1500001
      const again = await browser.call(cc.users.unbindDevice, { userId: m.id, deviceId: m.deviceId, reason: 'again' });
      expect(again).toMatchObject({ status: 409, body: { code: Code.staffDeviceNotBound } });
      const other = await memberWithBoundDevice();
      const foreign = await browser.call(cc.users.unbindDevice, {
        userId: m.id,
        deviceId: other.deviceId,
        reason: 'wrong member',
      });
      expect(foreign.body.code).toBe(Code.deviceNotFound);
      expect(await statusOf(other.deviceId)).toBe('bound');
      expect(await auditRows('user.unbindDevice', m.id)).toHaveLength(1);
    }
  });
});

describe('unlock a login', () => {
  it('clears the lock for support and admin (the right password works at once); finance and sales are refused', async () => {
    for (const role of REFUSED) {
      const m = await activatedMember();
      await lockedOut(m);
      const refused = await (await signedIn(role)).call(cc.users.unlockLogin, { userId: m.id, reason: 'locked out' });
      expect(refused, role).toMatchObject({ status: 403, body: { code: Code.staffPermissionDenied } });
      expect((await login(m)).code).toBe(Code.tooManyRequests);
      expect(await auditRows('user.unlockLogin', m.id)).toHaveLength(0);
    }
    for (const role of ALLOWED) {
      const m = await activatedMember();
      await lockedOut(m);
      const browser = await signedIn(role);
      const done = await browser.call(cc.users.unlockLogin, { userId: m.id, reason: 'member locked out, verified' });
      expect(done, role).toMatchObject({ status: 200, body: { identifiers: 1, locked: true } });
      expect((await login(m)).code).toBe(Code.ok);
      const rows = await auditRows('user.unlockLogin', m.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        staffEmail: staff[role],
        role,
        reason: 'member locked out, verified',
        before: { locked: true },
        after: { locked: false, identifiers: 1 },
      });
      // nothing locked: answered, and audited as such
      const idle = await browser.call(cc.users.unlockLogin, { userId: m.id, reason: 'checking again' });
      expect(idle.body).toEqual({ identifiers: 1, locked: false });
    }
  });
});

describe('the audit row and the change commit together', () => {
  it('leaves the device bound, the lock in place and no mail when the audit write fails', async () => {
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

    const m = await activatedMember();
    const [device] = await t.db
      .insert(devices)
      .values({
        userId: m.id,
        name: 'PC',
        model: 'M',
        mac: 'm',
        uuid: crypto.randomUUID(),
        clientVersion: '1',
        status: 'bound',
      })
      .returning();
    await expect(failing.unbindDevice(actor, { userId: m.id, deviceId: device!.id, reason: 'never' })).rejects.toThrow(
      'audit write failed',
    );
    expect((await t.db.select().from(devices).where(eq(devices.id, device!.id)))[0]!.status).toBe('bound');

    await lockedOut(m);
    await expect(failing.unlockLogin(actor, m.id, 'never')).rejects.toThrow('audit write failed');
    expect((await login(m)).code).toBe(Code.tooManyRequests);

    const u = await unactivatedMember();
    await ageLinks(t.db, 5);
    await expect(failing.resendActivation(actor, u.id, 'never')).rejects.toThrow('audit write failed');
    expect(await mailsTo(t.db, u.email)).toHaveLength(1);
  });
});
