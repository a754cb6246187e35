/**
 * Support resends a verification code (docs/operations.md#support-actions) through HTTP: only
 * where the member waits for one at their email or mobile (2500065 otherwise), with the member's
 * send limits (1000005 within a minute), the same purpose, a new code that works; support and
 * admin allowed, finance and sales refused; audited in the send's transaction.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { consoleCalls as cc } from '@ac/protocol/console/console-calls';
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/commerce-fixtures.ts';
import { consoleStaffForTests } from '../../../test/console-client.ts';
import { testAppForTests, testServices } from '../../../test/test-app.ts';
import { outbox, staffAudit, verificationCodes } from '../../db/schema/index.ts';

const t = testAppForTests();
const { staff, signedIn } = consoleStaffForTests(t, 'rc');
const auditRows = (userId: string) =>
  t.db
    .select()
    .from(staffAudit)
    .where(and(eq(staffAudit.action, 'user.resendCode'), eq(staffAudit.targetId, userId)));
const mails = (to: string) =>
  t.db.select().from(outbox).where(eq(outbox.recipient, to)).orderBy(desc(outbox.createdAt));
/** Earlier codes to the address count as sent over a minute ago (the resend interval passed). */
const aMinuteLater = (to: string) =>
  t.db
    .update(verificationCodes)
    .set({ createdAt: sql`${verificationCodes.createdAt} - interval '61 seconds'` })
    .where(eq(verificationCodes.target, to));

describe('support resends a verification code', () => {
  it('only where one waits, within the send limits; the new code works; audited', async () => {
    const m = await createAccount(t);
    const browser = await signedIn('support');
    const none = await browser.call(cc.users.resendCode, { userId: m.userId, channel: 'email', reason: 'no code' });
    expect(none).toMatchObject({ status: 409, body: { code: Code.staffMemberNoPendingCode } });
    const noMobile = await browser.call(cc.users.resendCode, { userId: m.userId, channel: 'mobile', reason: 'sms' });
    expect(noMobile.body.code).toBe(Code.staffMemberNoPendingCode);

    // the member asks for a password reset code
    const asked = await t.client.call(calls.codes.sendEmailCode, { email: m.email, purpose: 'findPwd' });
    expect(asked.code).toBe(Code.ok);
    const tooSoon = await browser.call(cc.users.resendCode, { userId: m.userId, channel: 'email', reason: 'lost it' });
    expect(tooSoon.body.code).toBe(Code.codeSendTooSoon);
    expect(await auditRows(m.userId)).toHaveLength(0);

    for (const role of ['finance', 'sales'] as const) {
      await aMinuteLater(m.email);
      const refused = await (await signedIn(role)).call(cc.users.resendCode, {
        userId: m.userId,
        channel: 'email',
        reason: 'not mine',
      });
      expect(refused, role).toMatchObject({ status: 403, body: { code: Code.staffPermissionDenied } });
    }
    const before = (await mails(m.email)).length;
    await aMinuteLater(m.email);
    const sent = await browser.call(cc.users.resendCode, {
      userId: m.userId,
      channel: 'email',
      reason: 'lost in spam',
    });
    expect(sent).toMatchObject({ status: 200, body: { target: m.email, purpose: 'findPwd' } });
    const latest = await mails(m.email);
    expect(latest).toHaveLength(before + 1);
    const code = latest[0]!.body.match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeDefined();
    await expect(testServices(t).codes.verify('findPwd', m.email, code!, { consume: false })).resolves.toBeUndefined();
    expect(await auditRows(m.userId)).toMatchObject([
      {
        staffEmail: staff.support,
        reason: 'lost in spam',
        after: { channel: 'email', purpose: 'findPwd', sentTo: m.email },
      },
    ]);

    // admin may too; a used code no longer waits
    await testServices(t).codes.verify('findPwd', m.email, code!);
    await aMinuteLater(m.email);
    const used = await (await signedIn('admin')).call(cc.users.resendCode, {
      userId: m.userId,
      channel: 'email',
      reason: 'again',
    });
    expect(used.body.code).toBe(Code.staffMemberNoPendingCode);
    expect(await auditRows(m.userId)).toHaveLength(1);
  });

  it('refuses bad input and unknown members', async () => {
    const browser = await signedIn('admin');
    const unknown = await browser.call(cc.users.resendCode, {
      userId: '00000000-0000-4000-8000-000000000009',
      channel: 'email',
      reason: 'who is it',
    });
    expect(unknown.body.code).toBe(Code.userNotFound);
    for (const payload of [
      { userId: 'x', channel: 'email', reason: 'bad id' },
      { userId: '00000000-0000-4000-8000-000000000009', channel: 'fax', reason: 'bad channel' },
      { userId: '00000000-0000-4000-8000-000000000009', channel: 'email' },
    ]) {
      expect((await browser.call(cc.users.resendCode, payload)).body.code).toBe(Code.invalidParam);
    }
  });
});
