import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { calls } from '@ac/protocol/calls';
import type { TOrderDetail } from '@ac/protocol/commerce';
import { OrderStatus } from '@ac/protocol/enums';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, postNotify } from '../../../test/commerce-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { memberships, orders } from '../../db/schema/index.ts';
import { createWechatGateway } from './wechat.gateway.ts';

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (k: typeof merchant.privateKey, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }) as string;
const APIV3_KEY = randomBytes(16).toString('hex');
const wechat = {
  appId: 'wx0000000000000001',
  mchId: '1900000001',
  serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  privateKey: pem(merchant.privateKey, 'pkcs8'),
  apiV3Key: APIV3_KEY,
  platformCert: pem(platform.publicKey, 'spki'),
};

/** Headers the platform signs an answer or notification with. */
function platformHeaders(body: string, key = platform.privateKey, now = Date.now()) {
  const timestamp = String(Math.floor(now / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(key, 'base64');
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signature,
    'wechatpay-serial': 'PLATFORM-SERIAL',
  };
}

function encrypt(plaintext: string) {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(APIV3_KEY), Buffer.from(nonce));
  cipher.setAAD(Buffer.from('transaction'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: data.toString('base64'), nonce, associated_data: 'transaction' };
}

function notification(orderNo: string, total: number, state = 'SUCCESS', mchid = wechat.mchId) {
  const transaction = {
    mchid,
    appid: wechat.appId,
    out_trade_no: orderNo,
    transaction_id: '4200000000000000000000000001',
    trade_state: state,
    success_time: '2026-01-05T12:00:05+08:00',
    amount: { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' },
  };
  return JSON.stringify({
    id: randomBytes(8).toString('hex'),
    create_time: '2026-01-05T12:00:06+08:00',
    event_type: 'TRANSACTION.SUCCESS',
    resource_type: 'encrypt-resource',
    resource: encrypt(JSON.stringify(transaction)),
  });
}

describe('WeChat Pay API calls (against a local stand-in of the API)', () => {
  let server: Server;
  let base = '';
  const seen: { method: string; url: string; authorization: string; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization ?? '', body });
        const answer = req.url!.startsWith('/v3/pay/transactions/native')
          ? JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=abc123' })
          : JSON.stringify({
              mchid: wechat.mchId,
              out_trade_no: 'AC1',
              transaction_id: 'T1',
              trade_state: 'SUCCESS',
              amount: { total: 12800, currency: 'CNY' },
            });
        res.writeHead(200, { 'content-type': 'application/json', ...platformHeaders(answer) }).end(answer);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('creates a native order signed with the merchant key and answers its code_url as the QR code', async () => {
    const gateway = createWechatGateway({ config: wechat, publicUrl: 'https://ac.example', apiBase: base });
    const started = await gateway.start({
      orderNo: 'AC1',
      amount: 12800,
      currency: 'CNY',
      subject: 'Viewer Premium',
      payMethod: 3,
    });
    expect(started).toEqual({ kind: 'qr', qrCode: 'weixin://wxpay/bizpayurl?pr=abc123' });
    const req = seen.at(-1)!;
    expect(JSON.parse(req.body)).toMatchObject({
      mchid: wechat.mchId,
      out_trade_no: 'AC1',
      notify_url: 'https://ac.example/order/v5/pay/notify/wechat',
      amount: { total: 12800, currency: 'CNY' },
    });
    const auth = Object.fromEntries([...req.authorization.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    expect(req.authorization.startsWith('WECHATPAY2-SHA256-RSA2048 ')).toBe(true);
    expect(auth.serial_no).toBe(wechat.serialNo);
    const message = `POST\n/v3/pay/transactions/native\n${auth.timestamp}\n${auth.nonce_str}\n${req.body}\n`;
    expect(createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, auth.signature!, 'base64')).toBe(true);
  });

  it('queries a transaction by order number and verifies the platform signature of the answer', async () => {
    const gateway = createWechatGateway({ config: wechat, publicUrl: 'https://ac.example', apiBase: base });
    expect(await gateway.query('AC1')).toMatchObject({ result: 'paid', amount: 12800, merchant: wechat.mchId });
    expect(seen.at(-1)!.url).toBe(`/v3/pay/transactions/out-trade-no/AC1?mchid=${wechat.mchId}`);
  });
});

describe('WeChat Pay notifications', () => {
  let t: TestApp;
  let buyer: Account;
  beforeAll(async () => {
    t = await createTestApp({
      region: 'cn',
      env: {
        PAYMENT_PROVIDERS: 'sandbox,wechat',
        WECHATPAY_APPID: wechat.appId,
        WECHATPAY_MCHID: wechat.mchId,
        WECHATPAY_SERIAL: wechat.serialNo,
        WECHATPAY_PRIVATE_KEY: wechat.privateKey,
        WECHATPAY_APIV3_KEY: APIV3_KEY,
        WECHATPAY_PLATFORM_CERT: wechat.platformCert,
      },
    });
    buyer = await createAccount(t);
  });
  afterAll(() => t.close());

  const newOrder = async () =>
    (await t.client.call<TOrderDetail>(calls.orders.create, { goodsCode: 'ML2' }, { token: buyer.token })).data.orderNo;
  const post = (body: string, headers = platformHeaders(body)) =>
    postNotify(t, 'wechat', body, { 'content-type': 'application/json', ...headers });
  const statusOf = async (orderNo: string) =>
    (await t.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!.status;

  it('verifies, decrypts and applies a payment once, answering {"code":"SUCCESS"}', async () => {
    const orderNo = await newOrder();
    const body = notification(orderNo, 12800);
    const headers = platformHeaders(body);
    const res = await post(body, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'SUCCESS' });
    expect((await post(body, headers)).statusCode).toBe(200);
    expect(await statusOf(orderNo)).toBe(OrderStatus.paid);
    expect(await t.db.select().from(memberships).where(eq(memberships.sourceId, orderNo))).toHaveLength(1);
  });

  it('refuses a forged signature, tampered ciphertext, a wrong amount or merchant and stale headers', async () => {
    const orderNo = await newOrder();
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const body = notification(orderNo, 12800);
    expect((await post(body, platformHeaders(body, stranger.privateKey))).statusCode).toBe(400);
    const parsed = JSON.parse(body);
    const bytes = Buffer.from(parsed.resource.ciphertext, 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    const tampered = JSON.stringify({
      ...parsed,
      resource: { ...parsed.resource, ciphertext: bytes.toString('base64') },
    });
    const refusedTamper = await post(tampered);
    expect(refusedTamper.statusCode).toBe(400);
    expect(refusedTamper.json()).toMatchObject({ code: 'FAIL' });
    expect((await post(notification(orderNo, 1))).statusCode).toBe(400);
    expect((await post(notification(orderNo, 12800, 'SUCCESS', '1900000999'))).statusCode).toBe(400);
    expect((await post(body, platformHeaders(body, platform.privateKey, Date.now() - 3_600_000))).statusCode).toBe(400);
    expect(await statusOf(orderNo)).toBe(OrderStatus.unpaid);
  });

  it('marks a closed transaction as failed', async () => {
    const orderNo = await newOrder();
    expect((await post(notification(orderNo, 12800, 'CLOSED'))).statusCode).toBe(200);
    expect(await statusOf(orderNo)).toBe(OrderStatus.payFailed);
  });
});
