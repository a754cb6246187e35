/**
 * A redeem-code order refunded through a gateway that confirms later (WeChat Pay, its local fake):
 * the codes the refund stands for are held from the moment it is asked (refundHeld: a redeem
 * answers 2000028), voided when the gateway confirms it, and redeemable again when it fails. A
 * redeem racing the refund request: exactly one of them wins (docs/decisions/0037-commerce-review-findings.md).
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TOrderDetail } from '@ac/protocol/commerce';
import { OrderStatus, PayMethod } from '@ac/protocol/enums';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Account, callFrom, createAccount } from '../../../test/commerce-fixtures.ts';
import { wechatNotification } from '../../../test/fake-wechatpay.ts';
import { orderRecords } from '../../../test/order-records.ts';
import { runAdmin } from '../../../test/refund-fixtures.ts';
import {
  postWechat,
  transactionNotification,
  wechatAppForTests,
  wechatConfig,
  wechatKeys,
} from '../../../test/wechat-fixtures.ts';
import { redeemCodes } from '../../db/schema/index.ts';

const { t, fake, buyer } = wechatAppForTests();
afterEach(() => {
  Object.assign(fake.state, { balance: Number.POSITIVE_INFINITY, outcome: 'SUCCESS', notify: true });
});
const { orderRow, refundRequestsOf } = orderRecords(t);
const admin = (line: string, values?: Record<string, string>) => runAdmin(t, line, values);
const codesOf = (orderNo: string) => t.db.select().from(redeemCodes).where(eq(redeemCodes.redeemOrderNo, orderNo));
const statesOf = async (orderNo: string) => (await codesOf(orderNo)).map((c) => c.state).sort();
const redeem = (a: Account, code: string) => callFrom(t, calls.redeem.exchange, { code }, a.token, a.ip);

/** `quantity` ML2 codes bought by the buyer and paid with WeChat Pay. */
async function paidCodes(quantity: number) {
  const bought = await t.client.call<TOrderDetail>(
    calls.redeem.buy,
    { goodsCode: 'ML2', durationDays: 365, quantity },
    { token: buyer.token },
  );
  expect(bought.code).toBe(Code.ok);
  const { orderNo } = bought.data;
  const amount = bought.data.dueAmount.amount;
  await t.client.call(calls.payments.pay, { orderNo, payMethod: PayMethod.wechat }, { token: buyer.token });
  const transactionId = fake.pay(orderNo, amount);
  expect((await postWechat(t, transactionNotification(orderNo, amount, { transactionId }))).statusCode).toBe(200);
  expect(await statesOf(orderNo)).toEqual(Array(quantity).fill('unused'));
  return { orderNo, amount, transactionId };
}

/** WeChat Pay's REFUND.SUCCESS or REFUND.ABNORMAL for our refund `refundNo`. */
function refundNotice(
  o: { orderNo: string; transactionId: string; amount: number; refundNo: string; refund: number },
  status: string,
) {
  return wechatNotification(wechatKeys.apiV3Key, `REFUND.${status}`, {
    mchid: wechatConfig.mchId,
    out_trade_no: o.orderNo,
    transaction_id: o.transactionId,
    out_refund_no: o.refundNo,
    refund_id: `5030${o.refundNo}`,
    refund_status: status,
    success_time: '2026-01-05T12:05:00+08:00',
    user_received_account: '支付用户零钱',
    amount: { total: o.amount, refund: o.refund, payer_total: o.amount, payer_refund: o.refund },
  });
}

describe('refunding a redeem-code order holds its codes until the gateway answers', () => {
  it('holds the codes when the refund is asked (a redeem is refused with 2000028); REFUND.SUCCESS voids them', async () => {
    const paid = await paidCodes(2);
    fake.state.notify = false;
    await admin(`orders refund ${paid.orderNo}`);
    expect(await refundRequestsOf(paid.orderNo)).toMatchObject([{ state: 'open' }]);
    expect(await orderRow(paid.orderNo)).toMatchObject({ status: OrderStatus.paid, refundAmount: 0 });
    expect(await statesOf(paid.orderNo)).toEqual(['refundHeld', 'refundHeld']);

    const other = await createAccount(t);
    const [first] = await codesOf(paid.orderNo);
    const refused = await redeem(other, first!.code);
    expect(refused.code).toBe(Code.redeemCodeRefundPending);
    expect(refused.msg).toContain('refund');

    const notice = refundNotice({ ...paid, refundNo: `${paid.orderNo}R01`, refund: paid.amount }, 'SUCCESS');
    expect((await postWechat(t, notice)).statusCode).toBe(200);
    expect(await orderRow(paid.orderNo)).toMatchObject({ status: OrderStatus.refunded });
    expect(await statesOf(paid.orderNo)).toEqual(['void', 'void']);
    expect((await redeem(other, first!.code)).code).toBe(Code.redeemCodeVoid);
  });

  it('a failed refund (REFUND.ABNORMAL) releases the codes: redeemable again', async () => {
    const paid = await paidCodes(2);
    fake.state.notify = false;
    await admin(`orders refund ${paid.orderNo}`);
    expect(await statesOf(paid.orderNo)).toEqual(['refundHeld', 'refundHeld']);
    const notice = refundNotice({ ...paid, refundNo: `${paid.orderNo}R01`, refund: paid.amount }, 'ABNORMAL');
    expect((await postWechat(t, notice)).statusCode).toBe(200);
    expect(await refundRequestsOf(paid.orderNo)).toMatchObject([{ state: 'failed' }]);
    expect(await statesOf(paid.orderNo)).toEqual(['unused', 'unused']);
    const [first] = await codesOf(paid.orderNo);
    expect((await redeem(await createAccount(t), first!.code)).code).toBe(Code.ok);
  });

  it('a partial refund holds only its share; a second one the unused codes cannot cover is refused', async () => {
    const paid = await paidCodes(4);
    fake.state.notify = false;
    await admin(`orders refund ${paid.orderNo}`, { amount: String(paid.amount / 2) });
    expect(await statesOf(paid.orderNo)).toEqual(['refundHeld', 'refundHeld', 'unused', 'unused']);
    const other = await createAccount(t);
    const free = (await codesOf(paid.orderNo)).filter((c) => c.state === 'unused');
    for (const c of free) expect((await redeem(other, c.code)).code).toBe(Code.ok);
    await expect(admin(`orders refund ${paid.orderNo}`, { amount: String(paid.amount / 4) })).rejects.toMatchObject({
      code: Code.redeemRefundBeyondUnused,
    });
    expect(await refundRequestsOf(paid.orderNo)).toHaveLength(1);
    const notice = refundNotice({ ...paid, refundNo: `${paid.orderNo}R01`, refund: paid.amount / 2 }, 'SUCCESS');
    expect((await postWechat(t, notice)).statusCode).toBe(200);
    expect(await statesOf(paid.orderNo)).toEqual(['exchanged', 'exchanged', 'void', 'void']);
    expect(await orderRow(paid.orderNo)).toMatchObject({ status: OrderStatus.partiallyRefunded });
  });

  it('a redeem racing the refund request: exactly one of them wins', async () => {
    for (let round = 0; round < 4; round++) {
      const paid = await paidCodes(1);
      fake.state.notify = false;
      const [code] = await codesOf(paid.orderNo);
      const other = await createAccount(t);
      const [refund, redeemed] = await Promise.all([
        admin(`orders refund ${paid.orderNo}`).then(
          () => 'asked' as const,
          (e: { code?: string }) => e.code,
        ),
        redeem(other, code!.code),
      ]);
      const requests = await refundRequestsOf(paid.orderNo);
      const [after] = await codesOf(paid.orderNo);
      if (redeemed.code === Code.ok) {
        expect(refund).toBe(Code.redeemRefundBeyondUnused);
        expect(requests).toHaveLength(0);
        expect(after!.state).toBe('exchanged');
      } else {
        expect(redeemed.code).toBe(Code.redeemCodeRefundPending);
        expect(refund).toBe('asked');
        expect(requests).toMatchObject([{ state: 'open' }]);
        expect(after!.state).toBe('refundHeld');
      }
    }
  });
});
