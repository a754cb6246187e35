import { createVerify, generateKeyPairSync } from 'node:crypto';
import { calls } from '@ac/protocol/calls';
import type { TOrderDetail, TOrderPayResponse } from '@ac/protocol/commerce';
import { OrderStatus } from '@ac/protocol/enums';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALIPAY_APP_ID, alipayEnv, alipayKeys, alipayNotification, postAlipay } from '../../../test/alipay-fixtures.ts';
import { type Account, createAccount } from '../../../test/commerce-fixtures.ts';
import { makeCoupon } from '../../../test/coupon-fixtures.ts';
import { signLikeAlipay } from '../../../test/fake-alipay.ts';
import { createTestApp, type TestApp, testServices } from '../../../test/test-app.ts';
import { memberships, orders } from '../../db/schema/index.ts';

const { app, alipay: platform } = alipayKeys;
const APP_ID = ALIPAY_APP_ID;
const sign = (params: Record<string, string>, key = platform.privateKey) => signLikeAlipay(params, key);

let t: TestApp;
let buyer: Account;
beforeAll(async () => {
  t = await createTestApp({ region: 'cn', env: alipayEnv() });
  buyer = await createAccount(t);
});
afterAll(async () => {
  await testServices(t).close();
  await t.close();
});

async function payOrder(coupon?: string) {
  const created = await t.client.call<TOrderDetail>(
    calls.orders.create,
    { goodsCode: 'ML2', coupon },
    { token: buyer.token },
  );
  const orderNo = created.data.orderNo;
  const pay = await t.client.call<TOrderPayResponse>(
    calls.payments.pay,
    { orderNo, payMethod: 2 },
    { token: buyer.token },
  );
  return { orderNo, payUrl: 'payUrl' in pay.data ? pay.data.payUrl : '' };
}

const notification = alipayNotification;
const post = (params: Record<string, string>) => postAlipay(t, params);
const statusOf = async (orderNo: string) =>
  (await t.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!.status;
const grants = (orderNo: string) => t.db.select().from(memberships).where(eq(memberships.sourceId, orderNo));

describe('Alipay page pay', () => {
  it('answers a gateway URL signed with the application key (RSA2) for the order in yuan', async () => {
    const { payUrl } = await payOrder();
    const url = new URL(payUrl);
    expect(url.origin + url.pathname).toBe('https://openapi.alipay.com/gateway.do');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({ method: 'alipay.trade.page.pay', app_id: APP_ID, sign_type: 'RSA2' });
    expect(JSON.parse(params.biz_content!)).toMatchObject({
      total_amount: '128.00',
      product_code: 'FAST_INSTANT_TRADE_PAY',
    });
    expect(params.notify_url).toBe('http://127.0.0.1:8080/order/v5/pay/notify/alipay');
    const content = Object.keys(params)
      .filter((k) => k !== 'sign')
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    expect(createVerify('RSA-SHA256').update(content).verify(app.publicKey, params.sign!, 'base64')).toBe(true);
  });
});

describe('Alipay with a coupon', () => {
  it('asks for the discounted amount and accepts only a notification of it', async () => {
    const coupon = await makeCoupon(t, { amountOff: 2800, currency: 'CNY' });
    const { orderNo, payUrl } = await payOrder(coupon.code);
    const params = Object.fromEntries(new URL(payUrl).searchParams);
    expect(JSON.parse(params.biz_content!)).toMatchObject({ total_amount: '100.00' });
    expect((await post(sign(notification(orderNo)))).body).toBe('failure');
    expect(await statusOf(orderNo)).toBe(OrderStatus.unconfirmed);
    expect((await post(sign(notification(orderNo, { total_amount: '100.00' })))).body).toBe('success');
    expect((await t.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]).toMatchObject({
      status: OrderStatus.paid,
      payAmount: 10000,
      discountAmount: 2800,
    });
  });
});

describe('Alipay notifications', () => {
  it('accepts a notification signed by Alipay, answers plain "success" and grants once', async () => {
    const { orderNo } = await payOrder();
    const signed = sign(notification(orderNo));
    const res = await post(signed);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('success');
    expect(await statusOf(orderNo)).toBe(OrderStatus.paid);
    expect((await post(signed)).body).toBe('success');
    expect(await grants(orderNo)).toHaveLength(1);
  });

  it('refuses a tampered amount, a foreign signature and a signed wrong amount, changing nothing', async () => {
    const { orderNo } = await payOrder();
    const signed = sign(notification(orderNo));
    expect((await post({ ...signed, total_amount: '0.01' })).body).toBe('failure');
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect((await post(sign(notification(orderNo), stranger.privateKey))).body).toBe('failure');
    expect((await post(sign(notification(orderNo, { total_amount: '1.28' })))).body).toBe('failure');
    expect((await post(sign(notification(orderNo, { app_id: '2021999' })))).body).toBe('failure');
    expect(await statusOf(orderNo)).toBe(OrderStatus.unconfirmed);
    expect(await grants(orderNo)).toHaveLength(0);
  });

  it('acknowledges a waiting-for-payment notification without changing the order', async () => {
    const { orderNo } = await payOrder();
    expect((await post(sign(notification(orderNo, { trade_status: 'WAIT_BUYER_PAY' })))).body).toBe('success');
    expect(await statusOf(orderNo)).toBe(OrderStatus.unconfirmed);
  });
});
