import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TMyProduct } from '@ac/protocol/commerce';
import type { TCompanyMembers, TCompanyOverview } from '@ac/protocol/company';
import type { TCompanyInfo, TUserInfoResponse } from '@ac/protocol/session';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { type Account, callFrom, commerceAppForTests, createAccount } from '../../../test/commerce-fixtures.ts';
import { linkToken, waitForMail } from '../../../test/registration-support.ts';
import { companyInvitations } from '../../db/schema/index.ts';
import { addMs, DAY } from '../../lib/time.ts';

const { t, services: s } = commerceAppForTests();

const call = <T>(who: Account, c: Parameters<typeof callFrom>[1], payload: unknown = {}) =>
  callFrom<T>(t, c, payload, who.token, who.ip);

/** A company with an admin and `seats` seats of ML2, ending in a year. */
async function companyWithAdmin(seats = 1) {
  const admin = await createAccount(t);
  const company = await s.companies.admin.create({ name: `Co ${admin.email}`, endTime: addMs(new Date(), 365 * DAY) });
  await s.companies.admin.addAdmin(company.id, admin.email);
  await s.companies.admin.setSeats(company.id, 'ML2', seats);
  return { admin, companyId: company.id };
}

/** Invites a new account by mail and accepts with the link it got. */
async function join(admin: Account) {
  const member = await createAccount(t);
  expect((await call(admin, calls.company.invite, { email: member.email })).code).toBe(Code.ok);
  const mail = await waitForMail(t.db, member.email);
  const token = linkToken(mail.body, '/enterprise/join');
  const accepted = await call<TCompanyInfo>(member, calls.company.acceptInvitation, { token });
  expect(accepted.code).toBe(Code.ok);
  return { member, token };
}

/**
 * The answer of `read` once it equals `expected`, polled for at most a second: the admin
 * changes here go through services of their own, like the admin command line in another
 * process, so the app's per-user answers (product/mine, kept a few seconds) forget the member
 * when PostgreSQL's NOTIFY of the commit reaches it, a few milliseconds later
 * (docs/performance.md "API"); an answer that never changes still fails.
 */
async function heard<T>(read: () => Promise<T>, expected: T) {
  await vi.waitFor(async () => expect(await read()).toEqual(expected), { timeout: 1000, interval: 10 });
}

const mine = async (who: Account) => (await call<{ rows: TMyProduct[] }>(who, calls.memberships.mine)).data.rows;
const vip = async (who: Account) => (await call<TUserInfoResponse>(who, calls.session.userInfo)).data.vipInfo;

describe('getCompanyInfoByToken', () => {
  it('answers null without a company and the company with the role within one', async () => {
    const loner = await createAccount(t);
    expect((await call(loner, calls.company.companyInfo)).data).toBeNull();
    const { admin, companyId } = await companyWithAdmin();
    const info = (await call<TCompanyInfo>(admin, calls.company.companyInfo)).data;
    expect(info).toMatchObject({ companyId, role: 'admin', companyStatus: 'active', freezeStatus: 'normal' });
    expect(info?.endTime).toMatch(/^\d{4}-/);
  });
});

describe('invitations', () => {
  it('mail a link that joins the invited account once', async () => {
    const { admin, companyId } = await companyWithAdmin();
    const { member, token } = await join(admin);
    const info = (await call<TCompanyInfo>(member, calls.company.companyInfo)).data;
    expect(info).toMatchObject({ companyId, role: 'member' });
    // the link works once
    expect((await call(member, calls.company.acceptInvitation, { token })).code).toBe(Code.invitationInvalid);
    expect((await call(member, calls.company.invitation, { token })).code).toBe(Code.invitationInvalid);
    const members = (await call<TCompanyMembers>(admin, calls.company.members)).data;
    expect(members.rows.map((r) => r.userId)).toContain(member.userId);
    expect(members.invitations).toHaveLength(0);
  });

  it('refuse another account, an expired link and a second company', async () => {
    const { admin } = await companyWithAdmin();
    const invited = await createAccount(t);
    const other = await createAccount(t);
    await call(admin, calls.company.invite, { email: invited.email });
    const token = linkToken((await waitForMail(t.db, invited.email)).body, '/enterprise/join');
    const preview = await call<{ companyName: string; email: string }>(invited, calls.company.invitation, { token });
    expect(preview.data.email).toBe(invited.email);
    expect((await call(other, calls.company.acceptInvitation, { token })).code).toBe(Code.invitationOtherEmail);

    // already in a company
    const second = await companyWithAdmin();
    await s.companies.admin.addAdmin(second.companyId, invited.email).catch(() => undefined);
    expect((await call(invited, calls.company.acceptInvitation, { token })).code).toBe(Code.alreadyInCompany);

    // expired
    const late = await createAccount(t);
    await call(admin, calls.company.invite, { email: late.email });
    const lateToken = linkToken((await waitForMail(t.db, late.email)).body, '/enterprise/join');
    await t.db
      .update(companyInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(companyInvitations.email, late.email));
    expect((await call(late, calls.company.acceptInvitation, { token: lateToken })).code).toBe(Code.invitationInvalid);
  });

  it('can be withdrawn by an admin of the company only, once; the link then joins nobody', async () => {
    const { admin } = await companyWithAdmin();
    const invited = await createAccount(t);
    await call(admin, calls.company.invite, { email: invited.email });
    const token = linkToken((await waitForMail(t.db, invited.email)).body, '/enterprise/join');
    const open = (await call<TCompanyMembers>(admin, calls.company.members)).data.invitations;
    expect(open.map((i) => i.email)).toEqual([invited.email]);
    const id = open[0]!.id;

    // an admin of another company, and the invitee, cannot withdraw it
    const other = await companyWithAdmin();
    expect((await call(other.admin, calls.company.cancelInvitation, { id })).code).toBe(Code.invitationInvalid);
    expect((await call(invited, calls.company.cancelInvitation, { id })).code).toBe(Code.notCompanyMember);
    expect((await call(admin, calls.company.members)).data).toMatchObject({ invitations: [{ id }] });

    expect((await call(admin, calls.company.cancelInvitation, { id })).code).toBe(Code.ok);
    expect((await call<TCompanyMembers>(admin, calls.company.members)).data.invitations).toEqual([]);
    expect((await call(admin, calls.company.cancelInvitation, { id })).code).toBe(Code.invitationInvalid);
    expect((await call(invited, calls.company.invitation, { token })).code).toBe(Code.invitationInvalid);
    expect((await call(invited, calls.company.acceptInvitation, { token })).code).toBe(Code.invitationInvalid);
    expect((await call(invited, calls.company.companyInfo)).data).toBeNull();
    // a malformed id is refused by the contract, not looked up
    expect((await call(admin, calls.company.cancelInvitation, { id: 'nope' })).code).toBe(Code.invalidParam);
  });

  it('refuse an address that already belongs to a member', async () => {
    const { admin } = await companyWithAdmin();
    const { member } = await join(admin);
    expect((await call(admin, calls.company.invite, { email: member.email })).code).toBe(Code.invitationAlreadyMember);
  });
});

describe('roles', () => {
  it('a member may see the company but not manage it (1300001)', async () => {
    const { admin } = await companyWithAdmin();
    const { member } = await join(admin);
    const overview = await call<TCompanyOverview>(member, calls.company.overview);
    expect(overview.data).toMatchObject({ role: 'member', granting: true });
    expect(overview.data.seats).toEqual([
      expect.objectContaining({ goodsCode: 'ML2', total: 1, used: 0, mine: false }),
    ]);
    for (const [c, payload] of [
      [calls.company.members, {}],
      [calls.company.invite, { email: 'someone@example.com' }],
      [calls.company.assignSeat, { userId: member.userId, goodsCode: 'ML2' }],
      [calls.company.releaseSeat, { userId: member.userId, goodsCode: 'ML2' }],
      [calls.company.removeMember, { userId: admin.userId }],
    ] as const) {
      const res = await call(member, c, payload);
      expect(res.code, c.path).toBe(Code.noPermission);
      expect(res.msg).toBe('No permission temporarily!');
    }
  });

  it('an account without a company gets 2200001; the owner cannot be removed', async () => {
    const loner = await createAccount(t);
    expect((await call(loner, calls.company.overview)).code).toBe(Code.notCompanyMember);
    expect((await call(loner, calls.company.members)).code).toBe(Code.notCompanyMember);
    const { admin, companyId } = await companyWithAdmin();
    const owner = await createAccount(t);
    await s.companies.admin.addAdmin(companyId, owner.email);
    await t.db.execute(sql`update company_members set role = 'owner' where user_id = ${owner.userId}`);
    expect((await call(admin, calls.company.removeMember, { userId: owner.userId })).code).toBe(Code.noPermission);
    expect((await call(admin, calls.company.removeMember, { userId: loner.userId })).code).toBe(
      Code.companyMemberNotFound,
    );
  });
});

describe('seats', () => {
  it('grant their goods while the company is active, not frozen and not expired', async () => {
    const { admin, companyId } = await companyWithAdmin();
    const { member } = await join(admin);
    expect(await mine(member)).toEqual([]);

    expect((await call(admin, calls.company.assignSeat, { userId: member.userId, goodsCode: 'ML2' })).code).toBe(
      Code.ok,
    );
    expect((await mine(member)).map((r) => r.goodsCode)).toEqual(['ML2']);
    expect((await vip(member))?.goodsCode).toBe('ML2');
    const overview = (await call<TCompanyOverview>(member, calls.company.overview)).data;
    expect(overview.seats[0]).toMatchObject({ used: 1, total: 1, mine: true });

    // frozen: the grant stops at once, and buying the seat's product is refused
    await s.companies.admin.update(companyId, { freezeStatus: 'frozen' });
    await heard(() => mine(member), []);
    expect(await vip(member)).toBeNull();
    expect((await call<TCompanyOverview>(member, calls.company.overview)).data.granting).toBe(false);
    const buy = await call(member, calls.orders.create, { goodsCode: 'ML2', quantity: 1 });
    expect(buy.code).toBe(Code.noPermission);
    expect((await call(member, calls.orders.create, { goodsCode: 'ML3', quantity: 1 })).code).toBe(Code.ok);

    // unfrozen: granted again
    await s.companies.admin.update(companyId, { freezeStatus: 'normal' });
    await heard(async () => (await mine(member)).map((r) => r.goodsCode), ['ML2']);

    // expired: the end time passed
    await s.companies.admin.update(companyId, { endTime: addMs(new Date(), -1000) });
    await heard(() => mine(member), []);
    await s.companies.admin.update(companyId, { endTime: addMs(new Date(), 30 * DAY) });
    await heard(async () => (await mine(member)).map((r) => r.goodsCode), ['ML2']);

    // pending or closed: nothing
    await s.companies.admin.update(companyId, { status: 'closed' });
    await heard(() => mine(member), []);
    await s.companies.admin.update(companyId, { status: 'active' });

    // released, and removed members hold none
    expect((await call(admin, calls.company.releaseSeat, { userId: member.userId, goodsCode: 'ML2' })).code).toBe(
      Code.ok,
    );
    expect(await mine(member)).toEqual([]);
    await call(admin, calls.company.assignSeat, { userId: member.userId, goodsCode: 'ML2' });
    expect((await call(admin, calls.company.removeMember, { userId: member.userId })).code).toBe(Code.ok);
    expect(await mine(member)).toEqual([]);
    expect((await call(member, calls.company.companyInfo)).data).toBeNull();
  });

  it('refuse a goods code the company has no seats of, and a full one', async () => {
    const { admin } = await companyWithAdmin(1);
    const { member: a } = await join(admin);
    const { member: b } = await join(admin);
    expect((await call(admin, calls.company.assignSeat, { userId: a.userId, goodsCode: 'ML5' })).code).toBe(
      Code.seatNotInCompany,
    );
    expect((await call(admin, calls.company.assignSeat, { userId: a.userId, goodsCode: 'ML2' })).code).toBe(Code.ok);
    // assigning again is not a second seat
    expect((await call(admin, calls.company.assignSeat, { userId: a.userId, goodsCode: 'ML2' })).code).toBe(Code.ok);
    expect((await call(admin, calls.company.assignSeat, { userId: b.userId, goodsCode: 'ML2' })).code).toBe(
      Code.seatsExhausted,
    );
  });

  it('the last free seat goes to exactly one of parallel assignments', async () => {
    const { admin, companyId } = await companyWithAdmin(1);
    const joined = [];
    for (let i = 0; i < 4; i++) joined.push((await join(admin)).member);
    const answers = await Promise.all(
      joined.map((m) => call(admin, calls.company.assignSeat, { userId: m.userId, goodsCode: 'ML2' })),
    );
    const codes = answers.map((a) => a.code).sort();
    expect(codes).toEqual([Code.ok, Code.seatsExhausted, Code.seatsExhausted, Code.seatsExhausted]);
    const holders = (await s.companies.members(admin.userId)).rows.filter((r) => r.seats.includes('ML2'));
    expect(holders).toHaveLength(1);
    expect((await s.companies.overview(admin.userId)).seats[0]).toMatchObject({ used: 1, total: 1 });
    expect(companyId).toBeTruthy();
  });

  it('setting fewer seats than are assigned is refused', async () => {
    const { admin, companyId } = await companyWithAdmin(2);
    const { member } = await join(admin);
    await call(admin, calls.company.assignSeat, { userId: member.userId, goodsCode: 'ML2' });
    await call(admin, calls.company.assignSeat, { userId: admin.userId, goodsCode: 'ML2' });
    await expect(s.companies.admin.setSeats(companyId, 'ML2', 1)).rejects.toMatchObject({ code: Code.invalidParam });
    await s.companies.admin.setSeats(companyId, 'ML2', 3);
    expect((await s.companies.overview(admin.userId)).seats[0]).toMatchObject({ used: 2, total: 3 });
  });
});
