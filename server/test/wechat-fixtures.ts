/**
 * WeChat Pay test fixtures: the merchant's and the platform's key pairs and the APIv3 key (made
 * per run), the merchant configuration, the environment of a China test app with the WeChat Pay
 * gateway, the fake API built from them, and such an app for a file's tests.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { calls } from '@ac/protocol/calls';
import type { TOrderDetail } from '@ac/protocol/commerce';
import { PayMethod } from '@ac/protocol/enums';
import type { WechatPayConfig } from '../src/config/payments.ts';
import { type Account, postNotify } from './commerce-fixtures.ts';
import { type FakeWechatPay, platformHeaders, startFakeWechatPay, wechatNotification } from './fake-wechatpay.ts';
import { deliverTo, gatewayAppForTests } from './gateway-app.ts';
import type { TestApp } from './test-app.ts';

export const wechatKeys = {
  merchant: generateKeyPairSync('rsa', { modulusLength: 2048 }),
  platform: generateKeyPairSync('rsa', { modulusLength: 2048 }),
  apiV3Key: randomBytes(16).toString('hex'),
};
const pem = (k: typeof wechatKeys.merchant.privateKey, type: 'pkcs8' | 'spki') =>
  k.export({ type, format: 'pem' }) as string;

export const wechatConfig: WechatPayConfig = {
  appId: 'wx0000000000000001',
  mchId: '1900000001',
  serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  privateKey: pem(wechatKeys.merchant.privateKey, 'pkcs8'),
  apiV3Key: wechatKeys.apiV3Key,
  platformCert: pem(wechatKeys.platform.publicKey, 'spki'),
  apiBase: undefined,
};

/** The environment of an app taking WeChat Pay, its API at `apiBase` (the fake) when given. */
export function wechatEnv(apiBase?: string): Record<string, string> {
  const c = wechatConfig;
  return {
    PAYMENT_PROVIDERS: 'sandbox,wechat',
    WECHATPAY_APPID: c.appId,
    WECHATPAY_MCHID: c.mchId,
    WECHATPAY_SERIAL: c.serialNo,
    WECHATPAY_PRIVATE_KEY: c.privateKey,
    WECHATPAY_APIV3_KEY: c.apiV3Key,
    WECHATPAY_PLATFORM_CERT: c.platformCert,
    ...(apiBase ? { WECHATPAY_API_BASE: apiBase } : {}),
  };
}

/** Posts a WeChat Pay notification, signed by the platform unless other headers are given. */
export const postWechat = (
  t: TestApp,
  body: string,
  headers: Record<string, string> = platformHeaders(body, wechatKeys.platform.privateKey),
) => postNotify(t, 'wechat', body, { 'content-type': 'application/json', ...headers });

/** The fake WeChat Pay API of these keys, delivering its notifications to `t`. */
export const startWechatFake = (app: () => TestApp) =>
  startFakeWechatPay(
    {
      mchId: wechatConfig.mchId,
      serialNo: wechatConfig.serialNo,
      merchantPublicKey: wechatKeys.merchant.publicKey,
      platformKey: wechatKeys.platform.privateKey,
      apiV3Key: wechatKeys.apiV3Key,
    },
    (body, headers) => deliverTo(app(), 'wechat')(body, headers),
  );

/** A notification with one byte (`at`) of its AES-256-GCM ciphertext flipped: the platform's signature no longer matches it. */
export function tamperedNotification(body: string, at: number) {
  const parsed = JSON.parse(body);
  const bytes = Buffer.from(parsed.resource.ciphertext, 'base64');
  bytes[at] = (bytes[at] ?? 0) ^ 1;
  return JSON.stringify({ ...parsed, resource: { ...parsed.resource, ciphertext: bytes.toString('base64') } });
}

/** A TRANSACTION.* notification of our order (paid unless `state` says otherwise). */
export function transactionNotification(
  orderNo: string,
  total: number,
  o: { state?: string; mchid?: string; transactionId?: string } = {},
) {
  return wechatNotification(wechatKeys.apiV3Key, o.state === 'CLOSED' ? 'TRANSACTION.CLOSED' : 'TRANSACTION.SUCCESS', {
    mchid: o.mchid ?? wechatConfig.mchId,
    appid: wechatConfig.appId,
    out_trade_no: orderNo,
    transaction_id: o.transactionId ?? '4200000000000000000000000001',
    trade_state: o.state ?? 'SUCCESS',
    success_time: '2026-01-05T12:00:05+08:00',
    amount: { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' },
  });
}

/** For the tests of the file (or describe block): a China test app taking WeChat Pay through the fake API, with a buyer. */
export const wechatAppForTests = () =>
  gatewayAppForTests(
    (t) => startWechatFake(() => t),
    (fake) => ({ region: 'cn', env: wechatEnv(fake.url) }),
  );

/** An ML2 order (128.00 CNY) paid with WeChat Pay: the native order at the fake, paid there, the platform's notification posted. */
export async function paidWechatOrder(t: TestApp, fake: FakeWechatPay, buyer: Account) {
  const created = await t.client.call<TOrderDetail>(calls.orders.create, { goodsCode: 'ML2' }, { token: buyer.token });
  const orderNo = created.data.orderNo;
  await t.client.call(calls.payments.pay, { orderNo, payMethod: PayMethod.wechat }, { token: buyer.token });
  const transactionId = fake.pay(orderNo, 12800);
  const res = await postWechat(t, transactionNotification(orderNo, 12800, { transactionId }));
  if (res.statusCode !== 200) throw new Error(`the payment notification was refused: ${res.body}`);
  return { orderNo, transactionId };
}
