import { createVerify, generateKeyPairSync } from 'node:crypto';
import { calls } from '@ac/protocol/calls';
import type { TOrderDetail } from '@ac/protocol/commerce';
import { OrderStatus } from '@ac/protocol/enums';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount } from '../../../test/commerce-fixtures.ts';
import { type FakeWechatPay, platformHeaders } from '../../../test/fake-wechatpay.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  postWechat,
  startWechatFake,
  tamperedNotification,
  transactionNotification,
  wechatConfig as wechat,
  wechatEnv,
  wechatKeys,
} from '../../../test/wechat-fixtures.ts';
import { memberships, orders } from '../../db/schema/index.ts';
import { createWechatGateway } from './wechat.gateway.ts';

const { merchant, platform } = wechatKeys;

describe('WeChat Pay API calls (against the local fake of the API)', () => {
  let fake: FakeWechatPay;
  beforeAll(async () => {
    fake = await startWechatFake(() => {
      throw new Error('no notifications in these tests');
    });
  });
  afterAll(() => fake.close());
  const gateway = () =>
    createWechatGateway({ config: { ...wechat, apiBase: fake.url }, publicUrl: 'https://ac.example' });

  it('creates a native order signed with the merchant key and answers its code_url as the QR code', async () => {
    const started = await gateway().start({
      orderNo: 'AC1',
      amount: 12800,
      currency: 'CNY',
      subject: 'Viewer Premium',
      payMethod: 3,
    });
    expect(started).toMatchObject({ kind: 'qr', qrCode: expect.stringMatching(/^weixin:\/\/wxpay\/bizpayurl\?pr=/) });
    const req = fake.seen.at(-1)!;
    expect(req.verified).toBe(true);
    expect(JSON.parse(req.body)).toMatchObject({
      mchid: wechat.mchId,
      out_trade_no: 'AC1',
      notify_url: 'https://ac.example/order/v5/pay/notify/wechat',
      amount: { total: 12800, currency: 'CNY' },
    });
  });

  it('queries a transaction by order number and verifies the platform signature of the answer', async () => {
    fake.pay('AC2', 12800);
    expect(await gateway().query('AC2')).toMatchObject({ result: 'paid', amount: 12800, merchant: wechat.mchId });
    expect(fake.seen.at(-1)!.url).toBe(`/v3/pay/transactions/out-trade-no/AC2?mchid=${wechat.mchId}`);
  });

  it('signs with WECHATPAY2-SHA256-RSA2048 as documented, and the fake refuses another merchant key', async () => {
    await gateway().start({ orderNo: 'AC3', amount: 100, currency: 'CNY', subject: 'x', payMethod: 3 });
    const req = fake.seen.at(-1)!;
    const auth = Object.fromEntries([...req.authorization.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    expect(req.authorization.startsWith('WECHATPAY2-SHA256-RSA2048 ')).toBe(true);
    expect(auth).toMatchObject({ mchid: wechat.mchId, serial_no: wechat.serialNo });
    const message = `POST\n/v3/pay/transactions/native\n${auth.timestamp}\n${auth.nonce_str}\n${req.body}\n`;
    expect(createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, auth.signature!, 'base64')).toBe(true);

    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const privateKey = stranger.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    const other = createWechatGateway({
      config: { ...wechat, apiBase: fake.url, privateKey },
      publicUrl: 'https://ac.example',
    });
    await expect(
      other.start({ orderNo: 'AC4', amount: 100, currency: 'CNY', subject: 'x', payMethod: 3 }),
    ).rejects.toMatchObject({ code: '2000007' });
    expect(fake.seen.at(-1)!.verified).toBe(false);
  });
});

describe('WeChat Pay notifications', () => {
  let t: TestApp;
  let buyer: Account;
  beforeAll(async () => {
    t = await createTestApp({ region: 'cn', env: wechatEnv() });
    buyer = await createAccount(t);
  });
  afterAll(() => t.close());

  const newOrder = async () =>
    (await t.client.call<TOrderDetail>(calls.orders.create, { goodsCode: 'ML2' }, { token: buyer.token })).data.orderNo;
  const post = (body: string, headers?: Record<string, string>) => postWechat(t, body, headers);
  const statusOf = async (orderNo: string) =>
    (await t.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!.status;

  it('verifies, decrypts and applies a payment once, answering {"code":"SUCCESS"}', async () => {
    const orderNo = await newOrder();
    const body = transactionNotification(orderNo, 12800);
    const headers = platformHeaders(body, platform.privateKey);
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
    const body = transactionNotification(orderNo, 12800);
    expect((await post(body, platformHeaders(body, stranger.privateKey))).statusCode).toBe(400);
    const tampered = tamperedNotification(body, 0);
    const refusedTamper = await post(tampered);
    expect(refusedTamper.statusCode).toBe(400);
    expect(refusedTamper.json()).toMatchObject({ code: 'FAIL' });
    expect((await post(transactionNotification(orderNo, 1))).statusCode).toBe(400);
    expect((await post(transactionNotification(orderNo, 12800, { mchid: '1900000999' }))).statusCode).toBe(400);
    const stale = platformHeaders(body, platform.privateKey, Date.now() - 3_600_000);
    expect((await post(body, stale)).statusCode).toBe(400);
    expect(await statusOf(orderNo)).toBe(OrderStatus.unpaid);
  });

  it('marks a closed transaction as failed', async () => {
    const orderNo = await newOrder();
    expect((await post(transactionNotification(orderNo, 12800, { state: 'CLOSED' }))).statusCode).toBe(200);
    expect(await statusOf(orderNo)).toBe(OrderStatus.payFailed);
  });
});
