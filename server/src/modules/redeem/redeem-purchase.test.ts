/**
 * Buying redeem codes through the real envelope (docs/decisions/0027-buying-redeem-codes.md): the
 * offers, the order, the sandbox notification issuing the codes exactly once (many at once on
 * PostgreSQL, the server-pg project), the order with its codes and its CSV, handing a code over
 * by mail, refunds voiding unused codes, and the refusals.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TOrderDetail, TOrderRow, TRedeemOffersResponse, TRedeemOrderDetail } from '@ac/protocol/commerce';
import type { TList } from '@ac/protocol/common';
import { OrderStatus } from '@ac/protocol/enums';
import { redeemCodesCsvPath } from '@ac/protocol/http-paths';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  type Account,
  callFrom,
  commerceAppForTests,
  createAccount,
  postSandbox,
  sandboxNotification,
} from '../../../test/commerce-fixtures.ts';
import { testServices } from '../../../test/test-app.ts';
import { companyMembers, outbox, redeemCodes } from '../../db/schema/index.ts';
import { CSV_BOM, csvField } from './redeem-csv.ts';

const { t } = commerceAppForTests();
/** The HttpOnly session cookie the portal's login sets (docs/protocol.md#sessions). */
const ticket = (token: string) => ({ gstarsso_ticket: token });

const call = <T>(a: Account, contract: Parameters<typeof callFrom>[1], payload: unknown) =>
  callFrom<T>(t, contract, payload, a.token, a.ip);

async function buy(a: Account, quantity: number, goodsCode = 'ML2', durationDays = 365) {
  const res = await call<TOrderDetail>(a, calls.redeem.buy, { goodsCode, durationDays, quantity });
  expect(res.code).toBe(Code.ok);
  return res.data;
}

/** Pays an order through a signed sandbox notification, as the sandbox checkout would. */
async function pay(order: TOrderDetail, tradeNo?: string) {
  const n = sandboxNotification({
    orderNo: order.orderNo,
    amount: order.dueAmount.amount,
    currency: order.dueAmount.currency,
    tradeNo,
  });
  const res = await postSandbox(t, n);
  expect(res.statusCode).toBe(200);
}

const codesOf = (orderNo: string) => t.db.select().from(redeemCodes).where(eq(redeemCodes.redeemOrderNo, orderNo));
const detailOf = async (a: Account, orderNo: string) =>
  (await call<TRedeemOrderDetail>(a, calls.redeem.orderDetail, { orderNo })).data;

describe('buying redeem codes', () => {
  it('lists the offers in the region currency, company-only ones not buyable for an individual', async () => {
    const a = await createAccount(t);
    const res = await call<TRedeemOffersResponse>(a, calls.redeem.offers, {});
    const ml2 = res.data.rows.find((r) => r.goodsCode === 'ML2' && r.durationDays === 365);
    expect(ml2).toMatchObject({ price: { amount: 3999, currency: 'USD' }, minQuantity: 1, maxQuantity: 500 });
    expect(ml2?.mayBuy).toBe(true);
    expect(res.data.rows.find((r) => r.goodsCode === 'ML4')).toMatchObject({ buyers: 'companyAdmins', mayBuy: false });
  });

  it('creates an unpaid order priced per code; payment issues N paid-purchase codes, once', async () => {
    const a = await createAccount(t);
    const order = await buy(a, 3);
    expect(order).toMatchObject({
      status: OrderStatus.unpaid,
      orderType: 'redeemCodes',
      dueAmount: { amount: 3 * 3999 },
    });
    expect(await codesOf(order.orderNo)).toHaveLength(0);
    await pay(order, 'SBX-redeem-once');
    await pay(order, 'SBX-redeem-once');
    await pay(order);
    const codes = await codesOf(order.orderNo);
    expect(codes).toHaveLength(3);
    for (const c of codes) {
      expect(c).toMatchObject({ source: 'paidPurchase', state: 'unused', ownerUserId: a.userId, goodsCode: 'ML2' });
      expect(c.durationDays).toBe(365);
    }
    const list = await call<TList<{ orderNo: string; status: string; orderStatus: number; quantity: number }>>(
      a,
      calls.redeem.orders,
      {},
    );
    expect(list.data.rows).toEqual([
      expect.objectContaining({ orderNo: order.orderNo, status: 'paid', orderStatus: 1, quantity: 3 }),
    ]);
    // not in the membership order list, and no membership granted
    const mine = await call<TList<TOrderRow>>(a, calls.orders.list, {});
    expect(mine.data.rows.map((r) => r.orderNo)).not.toContain(order.orderNo);
    const detail = await detailOf(a, order.orderNo);
    expect(detail.codes.map((c) => c.code).sort()).toEqual(codes.map((c) => c.code).sort());
    // the buyer holds them under /myExchange
    const held = await call<TList<{ code: string; source: string }>>(a, calls.redeem.list, { state: 'unused' });
    expect(held.data.rows.filter((r) => r.source === 'paidPurchase')).toHaveLength(3);
  });

  it('a code bought can be redeemed by another account, and the order shows who redeemed it', async () => {
    const a = await createAccount(t);
    const order = await buy(a, 2, 'ML2', 30);
    await pay(order);
    const [first] = await codesOf(order.orderNo);
    const other = await createAccount(t);
    const res = await call(other, calls.redeem.exchange, { code: first!.code });
    expect(res.code).toBe(Code.ok);
    const detail = await detailOf(a, order.orderNo);
    expect(detail.codes.find((c) => c.serialNo === first!.serialNo)).toMatchObject({
      state: 'exchanged',
      useAccount: other.email,
    });
    // someone else's order is unknown
    expect((await call(other, calls.redeem.orderDetail, { orderNo: order.orderNo })).code).toBe(Code.orderNotFound);
  });

  it('refuses quantities out of range, unknown offers and company-only offers to individuals', async () => {
    const a = await createAccount(t);
    const tooMany = await call(a, calls.redeem.buy, { goodsCode: 'ML2', durationDays: 365, quantity: 501 });
    expect(tooMany.code).toBe(Code.redeemQuantityOutOfRange);
    expect(tooMany.msg).toContain('1 to 500');
    const none = await call(a, calls.redeem.buy, { goodsCode: 'ML2', durationDays: 365, quantity: 0 });
    expect(none.code).toBe(Code.redeemQuantityOutOfRange);
    const unknown = await call(a, calls.redeem.buy, { goodsCode: 'ML2', durationDays: 7, quantity: 1 });
    expect(unknown.code).toBe(Code.redeemOfferNotFound);
    const company = await call(a, calls.redeem.buy, { goodsCode: 'ML4', durationDays: 365, quantity: 1 });
    expect(company.code).toBe(Code.redeemBuyNotAllowed);
    const member = await createAccount(t, { company: true });
    const notAdmin = await call(member, calls.redeem.buy, { goodsCode: 'ML4', durationDays: 365, quantity: 1 });
    expect(notAdmin.code).toBe(Code.redeemBuyNotAllowed);
  });

  it('serves the codes as CSV: session checked, BOM, escaped', async () => {
    const a = await createAccount(t);
    const order = await buy(a, 2);
    await pay(order);
    const res = await t.app.inject({ method: 'GET', url: redeemCodesCsvPath(order.orderNo), cookies: ticket(a.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toContain(`redeem-codes-${order.orderNo}.csv`);
    expect(res.body.startsWith(CSV_BOM)).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('order,serial number,code,goods,days,state,valid to,redeemed at,redeemed by,handed to');
    expect(lines).toHaveLength(3);
    for (const c of await codesOf(order.orderNo)) expect(res.body).toContain(`,${c.code},ML2,365,unused,`);
    const other = await createAccount(t);
    const theirs = await t.app.inject({
      method: 'GET',
      url: redeemCodesCsvPath(order.orderNo),
      cookies: ticket(other.token),
    });
    expect(JSON.parse(theirs.body).code).toBe(Code.orderNotFound);
    const anonymous = await t.app.inject({ method: 'GET', url: redeemCodesCsvPath(order.orderNo) });
    expect(JSON.parse(anonymous.body).code).not.toBe(Code.ok);
    expect(csvField('a,"b"\nc')).toBe('"a,""b""\nc"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(null)).toBe('');
  });

  it('takes the session of the download from the HttpOnly cookie, or a Bearer header; never from the link', async () => {
    const a = await createAccount(t);
    const order = await buy(a, 1);
    await pay(order);
    const url = redeemCodesCsvPath(order.orderNo);
    // a login sets the HttpOnly ticket cookie; a portal that took its session from a link asks for it
    const set = await t.client.call(calls.session.setTicket, {}, { token: a.token });
    expect(set.code).toBe(Code.ok);
    const cookie = set.cookies.find((c) => c.name === 'gstarsso_ticket');
    expect(cookie).toMatchObject({ value: a.token, httpOnly: true, sameSite: 'Lax', path: '/' });
    const byCookie = await t.app.inject({ method: 'GET', url, cookies: ticket(cookie!.value) });
    expect(byCookie.statusCode).toBe(200);
    // a CAD client, which has no cookie, sends its token in a header
    const byHeader = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${a.token}` } });
    expect(byHeader.statusCode).toBe(200);
    // a token in the link is refused, even beside a valid cookie: links end up in logs and histories
    for (const query of [`?utoken=${a.token}`, '?utoken=']) {
      const linked = await t.app.inject({ method: 'GET', url: `${url}${query}`, cookies: ticket(a.token) });
      expect(linked.statusCode).toBe(400);
      expect(JSON.parse(linked.body).code).toBe(Code.tokenInLink);
    }
  });

  it('a company admin hands an unused code to a member by mail, in the admin language; others are refused', async () => {
    const admin = await createAccount(t, { company: true });
    const [m] = await t.db.select().from(companyMembers).where(eq(companyMembers.userId, admin.userId));
    await t.db.update(companyMembers).set({ role: 'admin' }).where(eq(companyMembers.userId, admin.userId));
    const member = await createAccount(t);
    await t.db.insert(companyMembers).values({ companyId: m!.companyId, userId: member.userId, role: 'member' });
    const stranger = await createAccount(t);

    const order = await buy(admin, 2, 'ML4');
    await pay(order);
    const [code] = await codesOf(order.orderNo);
    const handOver = (a: Account, email: string, serialNo = code!.serialNo) =>
      t.client.from(a.ip).call(
        calls.redeem.handOver,
        { orderNo: order.orderNo, serialNo, email },
        {
          token: a.token,
          clientInfo: { language: 'de' },
        },
      );
    expect((await handOver(admin, stranger.email)).code).toBe(Code.redeemRecipientNotMember);
    const sent = await handOver(admin, member.email.toUpperCase());
    expect(sent.code).toBe(Code.ok);
    expect(sent.data).toMatchObject({ handedTo: member.email });
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, member.email)))
      .orderBy(desc(outbox.createdAt));
    expect(mail?.subject).toBe('Ein Einlösecode von Test Co.');
    expect(mail?.body).toContain(code!.code);
    // the member redeems it
    expect((await call(member, calls.redeem.exchange, { code: code!.code })).code).toBe(Code.ok);
    expect((await handOver(admin, member.email)).code).toBe(Code.redeemCodeNotHandable);
    // an individual buyer is no admin
    const single = await createAccount(t);
    const own = await buy(single, 1);
    await pay(own);
    const [ownCode] = await codesOf(own.orderNo);
    const res = await t.client.from(single.ip).call(
      calls.redeem.handOver,
      { orderNo: own.orderNo, serialNo: ownCode!.serialNo, email: member.email },
      {
        token: single.token,
      },
    );
    expect(res.code).toBe(Code.notCompanyMember);
  });

  it('a partial refund voids that many unused codes (never a redeemed one) and shows 8; the rest is a full refund', async () => {
    const a = await createAccount(t);
    const order = await buy(a, 4);
    await pay(order);
    const codes = await codesOf(order.orderNo);
    const redeemer = await createAccount(t);
    expect((await call(redeemer, calls.redeem.exchange, { code: codes[0]!.code })).code).toBe(Code.ok);

    const services = testServices(t);
    const partial = await services.payments.refund(order.orderNo, 2 * 3999);
    expect(partial.order).toMatchObject({ status: OrderStatus.partiallyRefunded, refundAmount: 2 * 3999 });
    let states = (await codesOf(order.orderNo)).map((c) => c.state).sort();
    expect(states).toEqual(['exchanged', 'unused', 'void', 'void']);
    const row = (
      await call<TList<{ orderNo: string; status: string; refundAmount: { amount: number } }>>(
        a,
        calls.redeem.orders,
        {},
      )
    ).data.rows[0];
    expect(row).toMatchObject({ status: 'partialRefund', refundAmount: { amount: 2 * 3999 } });

    // two codes' worth more, but only one unused code is left: refused, nothing changes
    await expect(services.payments.refund(order.orderNo, 2 * 3999)).rejects.toMatchObject({
      code: Code.redeemRefundBeyondUnused,
    });
    const one = await services.payments.refund(order.orderNo, 3999);
    expect(one.order.status).toBe(OrderStatus.partiallyRefunded);
    states = (await codesOf(order.orderNo)).map((c) => c.state).sort();
    expect(states).toEqual(['exchanged', 'void', 'void', 'void']);
    // the redeemed code's share does not go back: it was used
    await expect(services.payments.refund(order.orderNo)).rejects.toMatchObject({
      code: Code.redeemRefundBeyondUnused,
    });
    expect((await codesOf(order.orderNo)).filter((c) => c.state === 'exchanged')).toHaveLength(1);

    // nothing redeemed: a full refund voids every code and reads "full refund"
    const whole = await buy(a, 2);
    await pay(whole);
    const full = await services.payments.refund(whole.orderNo);
    expect(full.order).toMatchObject({ status: OrderStatus.refunded, refundAmount: 2 * 3999 });
    expect((await detailOf(a, whole.orderNo)).status).toBe('fullRefund');
    expect((await codesOf(whole.orderNo)).map((c) => c.state)).toEqual(['void', 'void']);
  });

  it('an unpaid redeem-code order is cancelled like any other and issues nothing', async () => {
    const a = await createAccount(t);
    const order = await buy(a, 2);
    expect((await call(a, calls.orders.cancel, { orderNo: order.orderNo })).code).toBe(Code.ok);
    expect((await detailOf(a, order.orderNo)).status).toBe('canceled');
    await pay(order);
    expect(await codesOf(order.orderNo)).toHaveLength(0);
  });
});

describe('concurrent paid notifications', () => {
  it('issue exactly N codes', async () => {
    const a = await createAccount(t);
    const order = await buy(a, 5);
    const notes = Array.from({ length: 12 }, (_, i) =>
      sandboxNotification({
        orderNo: order.orderNo,
        amount: order.dueAmount.amount,
        currency: 'USD',
        tradeNo: `SBX-race-${i % 3}`,
      }),
    );
    const answers = await Promise.all(notes.map((n) => postSandbox(t, n)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(await codesOf(order.orderNo)).toHaveLength(5);
    expect((await detailOf(a, order.orderNo)).orderStatus).toBe(OrderStatus.paid);
  });
});
