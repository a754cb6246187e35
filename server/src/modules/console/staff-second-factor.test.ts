/**
 * The staff sign-in's second step through the second-factor core (docs/decisions/0038-operator-console.md):
 * enrolment at the first sign-in (QR code, key, a confirming code, ten recovery codes shown once),
 * then an app code or a recovery code (each used once), the core's lock after wrong codes, and
 * the boundary: nothing but the second step, me and sign-out before it.
 */
import { Code } from '@ac/protocol/codes';
import { consoleCalls as cc } from '@ac/protocol/console/console-calls';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  consoleClient,
  createStaffOfEachRole,
  nextCode,
  STAFF_PASSWORD,
  staffApps,
  totpAt,
} from '../../../test/console-client.ts';
import { testAppForTests, testServices } from '../../../test/test-app.ts';
import { secondFactors, staffAudit } from '../../db/schema/index.ts';

const t = testAppForTests();
let staff: Awaited<ReturnType<typeof createStaffOfEachRole>>;
beforeAll(async () => {
  staff = await createStaffOfEachRole(testServices(t), 'sf');
});

const stepNow = () => Math.floor(Date.now() / 30_000);
async function passwordOnly(email: string, remoteAddress?: string) {
  const browser = consoleClient(t.app, { remoteAddress });
  const first = await browser.call(cc.session.signIn, { email, password: STAFF_PASSWORD });
  return { browser, first };
}

describe('staff second factor', () => {
  it('leads a staff member without one through the enrolment, which completes the session', async () => {
    const { browser, first } = await passwordOnly(staff.support);
    expect(first.body.stage).toBe('enrolSecondFactor');
    // before the second factor: only the second step, me and sign-out
    expect((await browser.call(cc.users.search, { query: 'x' })).body.code).toBe(Code.staffSecondFactorRequired);
    expect((await browser.call(cc.audit.list, {})).body.code).toBe(Code.staffSecondFactorRequired);
    expect(await browser.call(cc.session.secondFactor, { code: '123456' })).toMatchObject({
      status: 403,
      body: { code: Code.staffSecondFactorNotEnrolled },
    });
    expect((await browser.call(cc.session.me)).body.stage).toBe('enrolSecondFactor');

    const start = await browser.call(cc.session.enrolStart);
    expect(start.status).toBe(200);
    expect(start.body.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(start.body.otpauthUrl).toContain(`secret=${start.body.secret}`);
    expect(decodeURIComponent(start.body.otpauthUrl)).toContain(staff.support);
    // the secret is stored encrypted, never as given
    const [row] = await t.db.select().from(secondFactors).where(eq(secondFactors.subjectKind, 'staff'));
    expect(row?.secretEncrypted).not.toContain(start.body.secret);

    const wrong = await browser.call(cc.session.enrolConfirm, { code: totpAt(start.body.secret, stepNow() - 5) });
    expect(wrong).toMatchObject({ status: 401, body: { code: Code.staffSecondFactorWrong } });
    const step = stepNow();
    const confirm = await browser.call(cc.session.enrolConfirm, { code: totpAt(start.body.secret, step) });
    expect(confirm.status).toBe(200);
    expect(confirm.body.me.stage).toBe('signedIn');
    expect(confirm.body.recoveryCodes).toHaveLength(10);
    expect(confirm.body.recoveryCodes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await browser.call(cc.users.search, { query: 'x' })).status).toBe(200);
    // enrolled: no second enrolment (a password thief cannot replace the app)
    const other = await passwordOnly(staff.support);
    expect(other.first.body.stage).toBe('secondFactor');
    expect((await other.browser.call(cc.session.enrolStart)).body.code).toBe(Code.twoFactorAlreadyOn);
    expect((await other.browser.call(cc.users.search, { query: 'x' })).body.code).toBe(Code.staffSecondFactorRequired);
    staffApps(t.app).set(staff.support, {
      secret: start.body.secret,
      lastStep: step,
      recoveryCodes: [...confirm.body.recoveryCodes],
    });
    const audit = await t.db.select().from(staffAudit).where(eq(staffAudit.action, 'staff.enrolSecondFactor'));
    expect(audit).toHaveLength(1);
  });

  it('takes an app code once: the same code again is refused', async () => {
    const app = staffApps(t.app).get(staff.support)!;
    const code = nextCode(app);
    const a = await passwordOnly(staff.support);
    expect((await a.browser.call(cc.session.secondFactor, { code })).body.stage).toBe('signedIn');
    const b = await passwordOnly(staff.support);
    expect(await b.browser.call(cc.session.secondFactor, { code })).toMatchObject({
      status: 401,
      body: { code: Code.staffSecondFactorWrong },
    });
  });

  it('takes a recovery code once, in any spelling', async () => {
    const app = staffApps(t.app).get(staff.support)!;
    const code = app.recoveryCodes.shift()!;
    const a = await passwordOnly(staff.support);
    expect((await a.browser.call(cc.session.secondFactor, { code: code.toUpperCase() })).body.stage).toBe('signedIn');
    const b = await passwordOnly(staff.support);
    expect((await b.browser.call(cc.session.secondFactor, { code })).body.code).toBe(Code.staffSecondFactorWrong);
    const used = await t.db.select().from(staffAudit).where(eq(staffAudit.action, 'staff.recoveryCodeUsed'));
    expect(used).toHaveLength(1);
  });

  it('locks the second step after four wrong codes, from any address, even to the right code', async () => {
    const enrolled = consoleClient(t.app);
    expect((await enrolled.signIn(staff.finance)).body.stage).toBe('signedIn');
    const app = staffApps(t.app).get(staff.finance)!;
    const { browser } = await passwordOnly(staff.finance, '10.1.1.1');
    for (let i = 0; i < 4; i++) {
      expect((await browser.call(cc.session.secondFactor, { code: '000000' })).body.code).toBe(
        Code.staffSecondFactorWrong,
      );
    }
    // the fifth wrong code is counted and starts the lock
    expect((await browser.call(cc.session.secondFactor, { code: '000000' })).body.code).toBe(
      Code.staffSecondFactorWrong,
    );
    const elsewhere = await passwordOnly(staff.finance, '10.2.2.2');
    expect(await elsewhere.browser.call(cc.session.secondFactor, { code: nextCode(app) })).toMatchObject({
      status: 429,
      body: { code: Code.tooManyRequests },
    });
    expect((await elsewhere.browser.call(cc.users.search, { query: 'x' })).body.code).toBe(
      Code.staffSecondFactorRequired,
    );
  });

  it('counts a burst of parallel wrong codes before checking them: at most five are checked', async () => {
    expect((await consoleClient(t.app).signIn(staff.sales)).body.stage).toBe('signedIn');
    const sessions: Awaited<ReturnType<typeof passwordOnly>>[] = [];
    for (let i = 0; i < 6; i++) sessions.push(await passwordOnly(staff.sales));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => sessions[i % 6]!.browser.call(cc.session.secondFactor, { code: '000000' })),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === Code.staffSecondFactorWrong).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === Code.tooManyRequests).length).toBeGreaterThanOrEqual(15);
  });
});
