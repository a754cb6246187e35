/**
 * The console's companies (docs/operations.md#companies) through the HTTP surface: the list and
 * its search, creating a company with seats and its owner invitation mailed, changing seats and
 * the end date, freezing and unfreezing, closing and reopening (the members' entitlements follow at their next call),
 * the members, roles and open invitations — sales and admin allowed, support and finance refused
 * with 2500004 and nothing changed; bad input answers a catalogue code; each change writes its
 * staff audit row in its transaction.
 */
import { randomUUID } from 'node:crypto';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TMyProduct } from '@ac/protocol/commerce';
import { consoleCalls as cc } from '@ac/protocol/console/console-calls';
import type { TStaffRole } from '@ac/protocol/console/staff';
import type { TCompanyInfo } from '@ac/protocol/session';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { type Account, callFrom, commerceAppForTests, createAccount } from '../../../test/commerce-fixtures.ts';
import { consoleStaffForTests } from '../../../test/console-client.ts';
import { linkToken, waitForMail } from '../../../test/registration-support.ts';
import { companies } from '../../db/schema/index.ts';
import { addMs, DAY } from '../../lib/time.ts';

const { t } = commerceAppForTests();
const { staff, signedIn, auditRows } = consoleStaffForTests(t, 'sc');

const ALLOWED: TStaffRole[] = ['sales', 'admin'];
const REFUSED: TStaffRole[] = ['support', 'finance'];
const call = <T>(who: Account, c: Parameters<typeof callFrom>[1], payload: unknown = {}) =>
  callFrom<T>(t, c, payload, who.token, who.ip);
const mine = async (who: Account) => (await call<{ rows: TMyProduct[] }>(who, calls.memberships.mine)).data.rows;
const inAYear = () =>
  addMs(new Date(), 365 * DAY)
    .toISOString()
    .slice(0, 10);

let counter = 0;
/** A company made from the console by `role`, with its owner invitation accepted by a new account. */
async function createdCompany(role: TStaffRole = 'sales', seats = [{ goodsCode: 'ML2', total: 2 }]) {
  const owner = await createAccount(t);
  const browser = await signedIn(role);
  const name = `Sales Co ${++counter} ${Date.now()}`;
  const res = await browser.call(cc.companies.create, {
    name,
    adminEmail: owner.email,
    seats,
    endTime: inAYear(),
    reason: 'contract 2026-118',
  });
  expect(res.status).toBe(200);
  return { browser, owner, name, companyId: res.body.company.id as string, res };
}

describe('console companies', () => {
  it('sales and admin create a company with seats; the admin e-mail is invited as its owner and audited', async () => {
    for (const role of ALLOWED) {
      const { owner, name, companyId, res, browser } = await createdCompany(role);
      expect(res.body.company).toMatchObject({
        name,
        status: 'active',
        freezeStatus: 'normal',
        granting: true,
        memberCount: 0,
        seats: [{ goodsCode: 'ML2', total: 2, used: 0 }],
      });
      const detail = await browser.call(cc.companies.detail, { companyId });
      expect(detail.body.invitations).toMatchObject([{ email: owner.email, role: 'owner' }]);
      const mail = await waitForMail(t.db, owner.email);
      expect(mail.body).toContain(name);
      const token = linkToken(mail.body, '/enterprise/join');
      const accepted = await call<TCompanyInfo>(owner, calls.company.acceptInvitation, { token });
      expect(accepted.data).toMatchObject({ companyId, role: 'owner' });
      const after = await browser.call(cc.companies.detail, { companyId });
      expect(after.body.members).toMatchObject([{ userId: owner.userId, email: owner.email, role: 'owner' }]);
      expect(after.body.invitations).toEqual([]);
      const rows = await auditRows('company.create', companyId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        staffEmail: staff[role],
        role,
        reason: 'contract 2026-118',
        targetType: 'company',
        before: null,
        after: { name, status: 'active', seats: { ML2: 2 }, adminEmail: owner.email },
      });
    }
  });

  it('lists and searches companies by part of the name or the id, paged', async () => {
    const { browser, name, companyId } = await createdCompany();
    const byName = await browser.call(cc.companies.search, { query: name.slice(3, 14) });
    expect(byName.status).toBe(200);
    expect(byName.body.rows.map((r: { id: string }) => r.id)).toContain(companyId);
    const byId = await browser.call(cc.companies.search, { query: companyId });
    expect(byId.body).toMatchObject({ total: 1, rows: [{ id: companyId, name }] });
    const all = await browser.call(cc.companies.search, { pageSize: 1 });
    expect(all.body.rows).toHaveLength(1);
    expect(all.body.total).toBeGreaterThanOrEqual(1);
    expect((await browser.call(cc.companies.search, { query: 'no such company %_' })).body.rows).toEqual([]);
  });

  it('changes seats and the end date with a reason; fewer seats than assigned are refused', async () => {
    const { browser, owner, companyId } = await createdCompany();
    const token = linkToken((await waitForMail(t.db, owner.email)).body, '/enterprise/join');
    await call(owner, calls.company.acceptInvitation, { token });
    expect((await call(owner, calls.company.assignSeat, { userId: owner.userId, goodsCode: 'ML2' })).code).toBe(
      Code.ok,
    );
    const end = addMs(new Date(), 30 * DAY)
      .toISOString()
      .slice(0, 10);
    const changed = await browser.call(cc.companies.update, {
      companyId,
      seats: [
        { goodsCode: 'ML2', total: 5 },
        { goodsCode: 'ML3', total: 1 },
      ],
      endTime: end,
      reason: 'upsell',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.company).toMatchObject({
      endTime: `${end}T23:59:59.999Z`,
      seats: [
        { goodsCode: 'ML2', total: 5, used: 1 },
        { goodsCode: 'ML3', total: 1, used: 0 },
      ],
    });
    const [row] = await auditRows('company.update', companyId);
    expect(row).toMatchObject({
      reason: 'upsell',
      before: { seats: { ML2: 2 } },
      after: { seats: { ML2: 5, ML3: 1 } },
    });
    // one is assigned: none is refused, and the whole change (the end date too) is undone with its audit row
    const below = await browser.call(cc.companies.update, {
      companyId,
      seats: [{ goodsCode: 'ML2', total: 0 }],
      endTime: inAYear(),
      reason: 'downsell',
    });
    expect(below).toMatchObject({ status: 400, body: { code: Code.invalidParam } });
    expect((await browser.call(cc.companies.detail, { companyId })).body.company.endTime).toBe(`${end}T23:59:59.999Z`);
    expect(await auditRows('company.update', companyId)).toHaveLength(1);
    // the member's seat shows in their company overview
    const members = (await browser.call(cc.companies.detail, { companyId })).body.members;
    expect(members).toMatchObject([{ userId: owner.userId, seats: ['ML2'] }]);
  });

  it("freezes and unfreezes: the members' seats stop and start granting at their next call", async () => {
    const { browser, owner, companyId } = await createdCompany();
    const token = linkToken((await waitForMail(t.db, owner.email)).body, '/enterprise/join');
    await call(owner, calls.company.acceptInvitation, { token });
    await call(owner, calls.company.assignSeat, { userId: owner.userId, goodsCode: 'ML2' });
    expect((await mine(owner)).map((r) => r.goodsCode)).toEqual(['ML2']);
    const frozen = await browser.call(cc.companies.freeze, { companyId, reason: 'unpaid invoice' });
    expect(frozen.body.company).toMatchObject({ freezeStatus: 'frozen', granting: false });
    await vi.waitFor(async () => expect(await mine(owner)).toEqual([]), { timeout: 1000, interval: 10 });
    expect((await call<TCompanyInfo>(owner, calls.company.companyInfo)).data?.freezeStatus).toBe('frozen');
    const thawed = await browser.call(cc.companies.unfreeze, { companyId, reason: 'paid' });
    expect(thawed.body.company).toMatchObject({ freezeStatus: 'normal', granting: true });
    await vi.waitFor(async () => expect((await mine(owner)).map((r) => r.goodsCode)).toEqual(['ML2']), {
      timeout: 1000,
      interval: 10,
    });
    expect((await auditRows('company.freeze', companyId))[0]).toMatchObject({
      reason: 'unpaid invoice',
      before: { freezeStatus: 'normal' },
      after: { freezeStatus: 'frozen' },
    });
    expect(await auditRows('company.unfreeze', companyId)).toHaveLength(1);
  });

  it("closes and reopens: the members' seats stop and start granting at their next call, members and seats kept", async () => {
    const { browser, owner, companyId } = await createdCompany();
    const token = linkToken((await waitForMail(t.db, owner.email)).body, '/enterprise/join');
    await call(owner, calls.company.acceptInvitation, { token });
    await call(owner, calls.company.assignSeat, { userId: owner.userId, goodsCode: 'ML2' });
    expect((await mine(owner)).map((r) => r.goodsCode)).toEqual(['ML2']);
    const closed = await browser.call(cc.companies.close, { companyId, reason: 'contract ended early' });
    expect(closed.body.company).toMatchObject({ status: 'closed', granting: false });
    await vi.waitFor(async () => expect(await mine(owner)).toEqual([]), { timeout: 1000, interval: 10 });
    // members and seats stay for a reopening
    expect((await browser.call(cc.companies.detail, { companyId })).body.members).toMatchObject([
      { userId: owner.userId, seats: ['ML2'] },
    ]);
    const reopened = await browser.call(cc.companies.reopen, { companyId, reason: 'renewed' });
    expect(reopened.body.company).toMatchObject({ status: 'active', granting: true });
    await vi.waitFor(async () => expect((await mine(owner)).map((r) => r.goodsCode)).toEqual(['ML2']), {
      timeout: 1000,
      interval: 10,
    });
    expect((await auditRows('company.close', companyId))[0]).toMatchObject({
      reason: 'contract ended early',
      before: { status: 'active' },
      after: { status: 'closed' },
    });
    expect((await auditRows('company.reopen', companyId))[0]).toMatchObject({
      reason: 'renewed',
      before: { status: 'closed' },
      after: { status: 'active' },
    });
    // a reason is required; an unknown company is a catalogue code
    expect(await browser.call(cc.companies.close, { companyId, reason: '' })).toMatchObject({
      status: 400,
      body: { code: Code.invalidParam },
    });
    expect(
      await browser.call(cc.companies.close, { companyId: randomUUID(), reason: 'duplicate entry' }),
    ).toMatchObject({ body: { code: Code.companyNotFound } });
  });

  it('support and finance are refused every company call, and nothing changes', async () => {
    const { companyId } = await createdCompany();
    for (const role of REFUSED) {
      const browser = await signedIn(role);
      const owner = await createAccount(t);
      const tries = [
        browser.call(cc.companies.search, {}),
        browser.call(cc.companies.detail, { companyId }),
        browser.call(cc.companies.create, {
          name: `Refused ${role}`,
          adminEmail: owner.email,
          seats: [],
          endTime: inAYear(),
          reason: 'not mine',
        }),
        browser.call(cc.companies.update, { companyId, endTime: inAYear(), reason: 'not mine' }),
        browser.call(cc.companies.freeze, { companyId, reason: 'not mine' }),
        browser.call(cc.companies.unfreeze, { companyId, reason: 'not mine' }),
        browser.call(cc.companies.close, { companyId, reason: 'not mine' }),
        browser.call(cc.companies.reopen, { companyId, reason: 'not mine' }),
      ];
      for (const res of await Promise.all(tries)) {
        expect(res).toMatchObject({ status: 403, body: { code: Code.staffPermissionDenied } });
      }
      expect(
        await t.db
          .select()
          .from(companies)
          .where(eq(companies.name, `Refused ${role}`)),
      ).toEqual([]);
    }
    const [company] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    expect(company?.freezeStatus).toBe('normal');
    expect(company?.status).toBe('active');
    expect(await auditRows('company.freeze', companyId)).toEqual([]);
    expect(await auditRows('company.close', companyId)).toEqual([]);
  });

  it('answers bad input with catalogue codes, never a 500', async () => {
    const browser = await signedIn('sales');
    const owner = await createAccount(t);
    const good = { name: 'Bad Input Co', adminEmail: owner.email, seats: [], endTime: inAYear(), reason: 'why not' };
    const invalid = [
      { ...good, adminEmail: 'not-an-email' },
      { ...good, name: '' },
      { ...good, endTime: 'next year' },
      { ...good, seats: [{ goodsCode: 'NOPE', total: 1 }] },
      { ...good, seats: [{ goodsCode: 'ML2', total: -1 }] },
      {
        ...good,
        seats: [
          { goodsCode: 'ML2', total: 1 },
          { goodsCode: 'ML2', total: 2 },
        ],
      },
      { ...good, reason: '' },
    ];
    for (const payload of invalid) {
      expect(await browser.call(cc.companies.create, payload)).toMatchObject({
        status: 400,
        body: { code: Code.invalidParam },
      });
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await browser.call(cc.companies.detail, { companyId: unknown })).toMatchObject({
      status: 404,
      body: { code: Code.companyNotFound },
    });
    expect(await browser.call(cc.companies.freeze, { companyId: unknown, reason: 'nobody' })).toMatchObject({
      status: 404,
      body: { code: Code.companyNotFound },
    });
    expect(await browser.call(cc.companies.detail, { companyId: 'abc' })).toMatchObject({
      status: 400,
      body: { code: Code.invalidParam },
    });
    const { companyId } = await createdCompany();
    expect(await browser.call(cc.companies.update, { companyId, reason: 'nothing' })).toMatchObject({
      status: 400,
      body: { code: Code.invalidParam },
    });
  });
});
