/**
 * Two-factor required by a company (docs/product.md#enterprise): an admin
 * switches it on; a member without it gets an enrolment ticket instead of a
 * session at the next sign-in, sets up the app with it and then has a
 * session; such a member cannot turn it off; a CAD client gets 1600003.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TLoginAnswer } from '@ac/protocol/two-factor';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailsTo } from '../../../test/registration-support.ts';
import { testAppForTests } from '../../../test/test-app.ts';
import {
  forgetUsedStep,
  MEMBER_PASSWORD,
  memberWithPassword,
  memberWithTotp,
  totpCode,
} from '../../../test/two-factor-support.ts';
import { auditLog, companies, companyMembers, secondFactors } from '../../db/schema/index.ts';

const t = testAppForTests({ demo: true });

type Member = Awaited<ReturnType<typeof memberWithPassword>>;

/** A company with an admin and a member (both with a password, logged in, without two-factor). */
async function companyOf() {
  const admin = await memberWithPassword(t);
  const member = await memberWithPassword(t);
  const [company] = await t.db
    .insert(companies)
    .values({ name: `Strict ${admin.email}`, endTime: new Date(Date.now() + 365 * 86_400_000) })
    .returning({ id: companies.id, name: companies.name });
  await t.db.insert(companyMembers).values([
    { companyId: company!.id, userId: admin.userId, role: 'admin' },
    { companyId: company!.id, userId: member.userId, role: 'member' },
  ]);
  return { admin, member, company: company! };
}

const require2fa = (who: Member, on: boolean) =>
  t.client.from(who.ip).call(calls.company.setRequireTwoFactor, { on }, { token: who.token });

const login = (who: { email: string; ip: string }, clientType?: string) =>
  t.client
    .from(who.ip)
    .call(
      calls.session.login,
      { account: who.email, password: MEMBER_PASSWORD },
      clientType ? { clientInfo: { clientType } } : {},
    );

describe('a company requiring two-factor', () => {
  it('is switched on and off by an admin only, and shown in the overview', async () => {
    const { admin, member, company } = await companyOf();
    expect((await require2fa(member, true)).code).toBe(Code.noPermission);
    const on = await require2fa(admin, true);
    expect(on.code).toBe(Code.ok);
    expect(on.data.requireTwoFactor).toBe(true);
    const [row] = await t.db.select().from(companies).where(eq(companies.id, company.id));
    expect(row!.requireTwoFactor).toBe(true);
    const overview = await t.client.from(member.ip).call(calls.company.overview, {}, { token: member.token });
    expect(overview.data.requireTwoFactor).toBe(true);
    const events = await t.db.select().from(auditLog).where(eq(auditLog.userId, admin.userId));
    expect(events.map((e) => e.event)).toContain('company.requireTwoFactor');
    expect((await require2fa(admin, false)).data.requireTwoFactor).toBe(false);
    // a member of no company
    const loner = await memberWithPassword(t);
    expect((await require2fa(loner, true)).code).toBe(Code.notCompanyMember);
  });

  it('leads a member without two-factor through enrolment before any session', async () => {
    const { admin, member, company } = await companyOf();
    await require2fa(admin, true);
    // the session from before the switch still works; the next sign-in enrols
    const answer = await login(member);
    expect(answer.code).toBe(Code.ok);
    expect(answer.data).not.toHaveProperty('utoken');
    const { enrolTwoFactor } = answer.data as Extract<TLoginAnswer, { enrolTwoFactor: unknown }>;
    expect(enrolTwoFactor.companyName).toBe(company.name);
    expect(Date.parse(enrolTwoFactor.expiresAt)).toBeGreaterThan(Date.now());
    const c = t.client.from(member.ip);
    // the ticket opens nothing but the enrolment
    expect((await c.call(calls.session.loginSecondStep, { ticket: enrolTwoFactor.ticket, code: '123456' })).code).toBe(
      Code.secondFactorInvalid,
    );
    expect((await c.call(calls.session.loginEnrolStart, { ticket: 'not-a-ticket' })).code).toBe(Code.secondStepExpired);
    const start = await c.call(calls.session.loginEnrolStart, { ticket: enrolTwoFactor.ticket });
    expect(start.code).toBe(Code.ok);
    expect(start.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(start.data.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    // asked again with the ticket (a retried request): the same secret
    expect((await c.call(calls.session.loginEnrolStart, { ticket: enrolTwoFactor.ticket })).data.secret).toBe(
      start.data.secret,
    );
    const wrong = totpCode(start.data.secret) === '000000' ? '111111' : '000000';
    expect((await c.call(calls.session.loginEnrolConfirm, { ticket: enrolTwoFactor.ticket, code: wrong })).code).toBe(
      Code.secondFactorInvalid,
    );
    const done = await c.call(calls.session.loginEnrolConfirm, {
      ticket: enrolTwoFactor.ticket,
      code: totpCode(start.data.secret),
    });
    expect(done.code).toBe(Code.ok);
    expect(done.data.utoken).toBeTruthy();
    expect(done.data.userInfo.email).toBe(member.email);
    expect(done.data.recoveryCodes).toHaveLength(10);
    const [factor] = await t.db.select().from(secondFactors).where(eq(secondFactors.subjectId, member.userId));
    expect(factor!.confirmedAt).not.toBeNull();
    // the session works and its second factor is fresh; the ticket is used up
    const status = await c.call(calls.twoFactor.status, {}, { token: done.data.utoken });
    expect(status.data).toMatchObject({ enabled: true, fresh: true, requiredByCompany: true });
    expect(
      (
        await c.call(calls.session.loginEnrolConfirm, {
          ticket: enrolTwoFactor.ticket,
          code: totpCode(start.data.secret),
        })
      ).code,
    ).toBe(Code.secondStepExpired);
    expect((await mailsTo(t.db, member.email)).map((m) => m.subject)).toContain('Two-step verification was turned on');
    // the next sign-in is the usual second step
    expect((await login(member)).data).toHaveProperty('secondStep');
    // the admin has no two-factor either: enrolment too
    expect((await login(admin)).data).toHaveProperty('enrolTwoFactor');
  });

  it('lets no member turn two-factor off while it is required', async () => {
    const { admin } = await companyOf();
    const m = await memberWithTotp(t);
    const [row] = await t.db.select().from(companyMembers).where(eq(companyMembers.userId, admin.userId));
    await t.db.insert(companyMembers).values({ companyId: row!.companyId, userId: m.userId, role: 'member' });
    await require2fa(admin, true);
    await forgetUsedStep(t, m.userId);
    const off = await t.client
      .from(m.ip)
      .call(calls.twoFactor.disable, { code: totpCode(m.secret) }, { token: m.token });
    expect(off.code).toBe(Code.twoFactorRequiredByCompany);
    expect((await t.client.from(m.ip).call(calls.twoFactor.status, {}, { token: m.token })).data.enabled).toBe(true);
    // once the company stops requiring it, it can be
    await require2fa(admin, false);
    const later = await t.client
      .from(m.ip)
      .call(calls.twoFactor.disable, { code: totpCode(m.secret) }, { token: m.token });
    expect(later.code).toBe(Code.ok);
  });

  it('refuses a CAD client of such a member with 1600003', async () => {
    const { admin, member } = await companyOf();
    await require2fa(admin, true);
    const cad = await login(member, 'gstarcad');
    expect(cad.code).toBe(Code.twoFactorUseDeviceSignIn);
    // without the requirement the CAD client signs in
    await require2fa(admin, false);
    expect((await login(member, 'gstarcad')).data).toHaveProperty('utoken');
  });
});
