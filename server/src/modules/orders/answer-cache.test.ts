/**
 * The per-user answer cache across instances (lib/user-answer-cache.ts): two
 * apps on one database (PGlite here, PostgreSQL in the server-pg project).
 * order/list and product/mine read (and kept) on B, then changed on A by a
 * new order, a payment that grants a membership, or a cancel, answer the new
 * state on B as soon as the NOTIFY of A's commit reaches it: B is polled for
 * up to HEARD_WITHIN_MS, well inside the ANSWER_TTL_MS a stale answer would
 * otherwise live (NOTIFY is delivered asynchronously on PostgreSQL, as for
 * the session snapshots: session-cache.test.ts).
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TMyProduct, TOrderDetail, TOrderRow } from '@ac/protocol/commerce';
import type { TList } from '@ac/protocol/common';
import { OrderStatus } from '@ac/protocol/enums';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, commerceEnv, createAccount, notifySandbox } from '../../../test/commerce-fixtures.ts';
import { envelopeClient } from '../../../test/envelope-client.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { testServices } from '../../../test/test-app.ts';
import { openTestDatabase } from '../../../test/test-db.ts';
import { buildApp } from '../../app/build-app.ts';
import { loadConfig } from '../../config/config.ts';
import type { Database } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { ANSWER_TTL_MS } from '../../lib/user-answer-cache.ts';
import { seedEssentials } from '../../seed/seed.ts';

const config = loadConfig({
  NODE_ENV: 'test',
  REGION: 'us',
  PUBLIC_URL: 'http://127.0.0.1:8080',
  LOG_LEVEL: 'silent',
  JOBS_SCHEDULE: 'false',
  ...commerceEnv,
});
let database: Database;
let appA: FastifyInstance;
let appB: FastifyInstance;
/** A as the commerce fixtures see a test app (accounts, payment notifications). */
let tA: TestApp;
let b: ReturnType<typeof envelopeClient>;
let buyer: Account;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedEssentials(database.db, config);
  appA = await buildApp(config, { database, logger: false });
  appB = await buildApp(config, { database, logger: false });
  // one after the other: both start their job queue on the one database
  await appA.ready();
  await appB.ready();
  tA = { app: appA, config, db: database.db, client: envelopeClient(appA), close: async () => {} };
  b = envelopeClient(appB);
  buyer = await createAccount(tA);
});
afterAll(async () => {
  await testServices(tA).close();
  await appA.close();
  await appB.close();
  await database.close();
});

/** Half the cache's lifetime: an answer that changes within it was invalidated, not expired. */
const HEARD_WITHIN_MS = ANSWER_TTL_MS / 2;
const onA = <T>(call: Parameters<typeof tA.client.call>[0], payload: object) =>
  tA.client.call<T>(call, payload, { token: buyer.token });
const ordersOnB = async () => {
  const res = await b.call<TList<TOrderRow>>(calls.orders.list, { pageNo: 1, pageSize: 10 }, { token: buyer.token });
  expect(res.code).toBe(Code.ok);
  return res.data;
};
const productsOnB = async () => {
  const res = await b.call<{ rows: TMyProduct[] }>(calls.memberships.mine, {}, { token: buyer.token });
  expect(res.code).toBe(Code.ok);
  return res.data.rows;
};
const statusOnB = async (orderNo: string) => (await ordersOnB()).rows.find((r) => r.orderNo === orderNo)?.status;
const soon = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: HEARD_WITHIN_MS, interval: 20 });

describe('order/list and product/mine kept on two instances', () => {
  it('an order created on A shows in order/list on B', async () => {
    // read twice on B: the second answer comes from B's cache
    expect((await ordersOnB()).total).toBe(0);
    expect((await ordersOnB()).total).toBe(0);
    const created = await onA<TOrderDetail>(calls.orders.create, { goodsCode: 'ML2' });
    expect(created.code).toBe(Code.ok);
    await soon(() => statusOnB(created.data.orderNo)).toBe(OrderStatus.unpaid);
    expect((await ordersOnB()).total).toBe(1);
  });

  it('a payment confirmed on A shows as paid in order/list and as a product in product/mine on B', async () => {
    const created = await onA<TOrderDetail>(calls.orders.create, { goodsCode: 'ML1' });
    expect(created.code).toBe(Code.ok);
    const { orderNo } = created.data;
    expect((await onA(calls.payments.pay, { orderNo, payMethod: 2 })).code).toBe(Code.ok);
    await soon(() => statusOnB(orderNo)).toBe(OrderStatus.unconfirmed);
    expect(await productsOnB()).toEqual([]);
    expect(await productsOnB()).toEqual([]);
    expect((await notifySandbox(tA, { orderNo, amount: 1999, currency: 'USD' })).body).toBe('success');
    await soon(() => statusOnB(orderNo)).toBe(OrderStatus.paid);
    await soon(async () => (await productsOnB()).map((p) => p.goodsCode)).toEqual(['ML1']);
  });

  it('an order cancelled on A shows cancelled on B', async () => {
    const created = await onA<TOrderDetail>(calls.orders.create, { goodsCode: 'ML2' });
    const { orderNo } = created.data;
    await soon(() => statusOnB(orderNo)).toBe(OrderStatus.unpaid);
    expect(await statusOnB(orderNo)).toBe(OrderStatus.unpaid);
    expect((await onA(calls.orders.cancel, { orderNo })).code).toBe(Code.ok);
    await soon(() => statusOnB(orderNo)).toBe(OrderStatus.cancelled);
  });

  it('an order changed by plain SQL (a job, the admin command line) shows on B: the orders table says so itself', async () => {
    const [first] = (await ordersOnB()).rows;
    expect(first).toBeDefined();
    expect((await ordersOnB()).rows[0]).toEqual(first); // now from B's cache
    await database.db.update(orders).set({ channel: 'sql' }).where(eq(orders.orderNo, first!.orderNo));
    await soon(async () => (await ordersOnB()).rows.find((r) => r.orderNo === first!.orderNo)?.channel).toBe('sql');
  });
});
