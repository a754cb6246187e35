/**
 * Alipay test fixtures: the merchant's application key pair and Alipay's key pair (made per run),
 * the environment of a China test app with the Alipay gateway, and an order paid through Alipay
 * (its trade at the fake, the signed notification posted), and such an app for a file's tests.
 */
import { generateKeyPairSync } from 'node:crypto';
import { calls } from '@ac/protocol/calls';
import type { TOrderDetail } from '@ac/protocol/commerce';
import { PayMethod } from '@ac/protocol/enums';
import { type Account, postNotify } from './commerce-fixtures.ts';
import { type FakeAlipay, signLikeAlipay, startFakeAlipay } from './fake-alipay.ts';
import { gatewayAppForTests } from './gateway-app.ts';
import type { TestApp } from './test-app.ts';

export const ALIPAY_APP_ID = '2021000000000001';
/** The merchant's application key pair and the key pair Alipay signs with. */
export const alipayKeys = {
  app: generateKeyPairSync('rsa', { modulusLength: 2048 }),
  alipay: generateKeyPairSync('rsa', { modulusLength: 2048 }),
};
const pem = (k: typeof alipayKeys.app.privateKey, type: 'pkcs8' | 'spki') =>
  k.export({ type, format: 'pem' }) as string;

/** The environment of an app taking Alipay, pointed at `gateway` (the fake's URL) when given. */
export function alipayEnv(gateway?: string): Record<string, string> {
  return {
    PAYMENT_PROVIDERS: 'sandbox,alipay',
    ALIPAY_APP_ID,
    ALIPAY_PRIVATE_KEY: pem(alipayKeys.app.privateKey, 'pkcs8').replace(/\n/g, '\\n'),
    ALIPAY_PUBLIC_KEY: pem(alipayKeys.alipay.publicKey, 'spki'),
    ...(gateway ? { ALIPAY_GATEWAY: gateway } : {}),
  };
}

export const startAlipayFake = () =>
  startFakeAlipay({
    appId: ALIPAY_APP_ID,
    appPublicKey: alipayKeys.app.publicKey,
    alipayPrivateKey: alipayKeys.alipay.privateKey,
  });

/** An Alipay trade_status_sync notification of our order, before signing. */
export function alipayNotification(orderNo: string, over: Record<string, string> = {}) {
  return {
    app_id: ALIPAY_APP_ID,
    auth_app_id: ALIPAY_APP_ID,
    charset: 'utf-8',
    gmt_create: '2026-01-05 12:00:00',
    gmt_payment: '2026-01-05 12:00:05',
    notify_id: `n${Date.now()}`,
    notify_time: '2026-01-05 12:00:06',
    notify_type: 'trade_status_sync',
    out_trade_no: orderNo,
    subject: 'Viewer Premium',
    total_amount: '128.00',
    trade_no: '2026010522001400000000000001',
    trade_status: 'TRADE_SUCCESS',
    version: '1.0',
    ...over,
  };
}

export const postAlipay = (t: TestApp, params: Record<string, string>) =>
  postNotify(t, 'alipay', new URLSearchParams(params).toString(), {
    'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
  });

/** An ML2 order (128.00 CNY) paid through Alipay: the trade at the fake and Alipay's signed notification. */
export async function paidAlipayOrder(t: TestApp, fake: FakeAlipay, buyer: Account) {
  const created = await t.client.call<TOrderDetail>(calls.orders.create, { goodsCode: 'ML2' }, { token: buyer.token });
  const orderNo = created.data.orderNo;
  await t.client.call(calls.payments.pay, { orderNo, payMethod: PayMethod.alipay }, { token: buyer.token });
  const tradeNo = fake.pay(orderNo, 12800);
  const res = await postAlipay(
    t,
    signLikeAlipay(alipayNotification(orderNo, { trade_no: tradeNo }), alipayKeys.alipay.privateKey),
  );
  if (res.body !== 'success') throw new Error(`the payment notification was refused: ${res.body}`);
  return { orderNo, tradeNo };
}

/** For the tests of the file (or describe block): a China test app taking Alipay through the fake gateway, with a buyer. */
export const alipayAppForTests = () =>
  gatewayAppForTests(startAlipayFake, (fake) => ({ region: 'cn', env: alipayEnv(fake.url) }));
