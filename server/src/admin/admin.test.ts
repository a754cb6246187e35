import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TOrderDetail } from '@ac/protocol/commerce';
import { OrderStatus } from '@ac/protocol/enums';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commerceEnv, notifySandbox, postSandbox, sandboxNotification } from '../../test/commerce-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createServices } from '../app/services.ts';
import { memberships, orders, redeemCodes, users } from '../db/schema/index.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../seed/demo.ts';
import type { AdminContext } from './admin-context.ts';
import { run } from './registry.ts';

let t: TestApp;
let ctx: AdminContext;
let dir: string;
beforeAll(async () => {
  t = await createTestApp({ demo: true, env: commerceEnv });
  ctx = {
    config: t.config,
    services: createServices({ config: t.config, db: t.db, log: t.app.log }),
    now: () => new Date(),
  };
  dir = mkdtempSync(join(tmpdir(), 'ac-admin-'));
});
afterAll(async () => {
  await ctx.services.close();
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const admin = (line: string, values: Record<string, string> = {}) => run(ctx, { positionals: line.split(' '), values });
const demoToken = async () =>
  (await t.client.call<{ utoken: string }>(calls.session.login, { account: DEMO_EMAIL, password: DEMO_PASSWORD })).data
    .utoken;

describe('admin commands', () => {
  it('goods list and goods set-price', async () => {
    expect(await admin('goods list')).toMatch(
      /ML2\s+Viewer Premium\s+viewer\s+premium\s+365\s+39\.99 USD\s+128\.00 CNY\s+yes/,
    );
    expect(await admin('goods set-price', { goods: 'ML2', amount: '4999' })).toBe('ML2: 49.99 USD');
    expect(await admin('goods set-price', { goods: 'ML2', amount: '13800', currency: 'CNY' })).toBe('ML2: 138.00 CNY');
    await expect(admin('goods set-price', { goods: 'NOPE', amount: '1' })).rejects.toMatchObject({
      code: Code.goodsNotFound,
    });
    await expect(admin('goods set-price', { goods: 'ML2', amount: '1.5' })).rejects.toMatchObject({
      code: Code.invalidParam,
    });
  });

  it('codes generate writes a CSV of redeemable codes; codes void voids one', async () => {
    const out = join(dir, 'codes.csv');
    expect(await admin('codes generate', { goods: 'ML1', count: '5', days: '365', source: 'activityAward', out })).toBe(
      `5 codes written to ${out}`,
    );
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('serialNo,code,goodsCode,kind,days,source,validFrom,validTo');
    expect(lines).toHaveLength(6);
    const code = lines[1]!.split(',')[1]!;
    expect(await admin(`codes void ${code}`)).toMatch(/: void$/);
    const [row] = await t.db.select().from(redeemCodes).where(eq(redeemCodes.code, code));
    expect(row).toMatchObject({ state: 'void', source: 'activityAward', durationDays: 365 });
    await expect(admin('codes generate', { goods: 'ML1', count: '1', days: '30', out })).rejects.toMatchObject({
      code: Code.invalidParam,
    });
    await expect(admin('codes generate', { goods: 'ML1', count: '1', days: '30', source: 'x' })).rejects.toMatchObject({
      code: Code.invalidParam,
    });
  });

  it('membership grant and revoke', async () => {
    expect(await admin('membership grant', { user: DEMO_EMAIL, goods: 'ML4', days: '30' })).toMatch(/ML4 .* → /);
    const live = () =>
      t.db
        .select()
        .from(memberships)
        .where(eq(memberships.goodsCode, 'ML4'))
        .then((rows) => rows.filter((m) => m.endTime > new Date()));
    expect(await live()).toHaveLength(1);
    expect(await admin('membership revoke', { user: DEMO_EMAIL, goods: 'ML4' })).toMatch(/1 membership period changed/);
    expect(await live()).toHaveLength(0);
    await expect(
      admin('membership grant', { user: 'nobody@example.com', goods: 'ML4', days: '1' }),
    ).rejects.toMatchObject({
      code: Code.userNotFound,
    });
  });

  it('orders refund (partial, then full), orders expire and reconcile', async () => {
    const token = await demoToken();
    const created = await t.client.call<TOrderDetail>(calls.orders.create, { goodsCode: 'ML2' }, { token });
    const orderNo = created.data.orderNo;
    await notifySandbox(t, { orderNo, amount: created.data.orderAmount.amount, currency: 'USD' });
    expect(await admin(`orders refund ${orderNo}`, { amount: '1000' })).toMatch(
      /partiallyRefunded, refunded 10\.00 USD/,
    );
    expect(await admin(`orders refund ${orderNo}`)).toMatch(/: refunded, refunded 49\.99 USD of 49\.99 USD/);
    const [row] = await t.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(row?.status).toBe(OrderStatus.refunded);
    expect(await admin('orders refund-due')).toBe('no refund due');
    // paid after it was cancelled: listed as a refund due, then refunded
    const late = await t.client.call<TOrderDetail>(calls.orders.create, { goodsCode: 'ML2' }, { token });
    await t.client.call(calls.orders.cancel, { orderNo: late.data.orderNo }, { token });
    const lateNote = sandboxNotification({
      orderNo: late.data.orderNo,
      amount: late.data.orderAmount.amount,
      currency: 'USD',
    });
    await postSandbox(t, lateNote);
    expect(await admin('orders refund-due')).toMatch(
      new RegExp(`^${late.data.orderNo}  cancelled, paid 49\\.99 USD on .*: refund due$`),
    );
    expect(await admin(`orders refund ${late.data.orderNo}`)).toMatch(/: refunded, refunded 49\.99 USD of 49\.99 USD/);
    expect(await admin('orders refund-due')).toBe('no refund due');
    expect(await admin('orders expire')).toMatch(/marked expired$/);
    expect(await admin('reconcile', { 'older-than': '0' })).toMatch(/^checked \d+ orders? awaiting payment/);
  });

  it('subscriptions charge-due needs Alipay agreement payments (commands/subscriptions.test.ts has the rest)', async () => {
    await expect(admin('subscriptions charge-due')).rejects.toMatchObject({ code: Code.payMethodUnavailable });
  });

  it('companies create, seats, add-admin, freeze and unfreeze', async () => {
    const created = await admin('companies create', { name: 'Admin CLI Co', end: '2099-12-31' });
    const id = created.split('\t')[0]!;
    expect(created).toMatch(/Admin CLI Co\tactive\tends 2099-12-31T23:59:59.999Z$/);
    expect(await admin('companies seats', { company: id, goods: 'ML3', total: '2' })).toBe(`${id}: 2 seats of ML3`);
    await expect(admin('companies seats', { company: id, goods: 'NOPE', total: '2' })).rejects.toMatchObject({
      code: Code.goodsNotFound,
    });
    const userId = await ctx.services.users.create({
      name: 'cli-admin',
      nickName: 'CLI admin',
      email: 'cli-admin@example.com',
      isActivate: true,
    });
    expect(await admin('companies add-admin', { company: id, user: 'cli-admin@example.com' })).toBe(
      `${id}: cli-admin@example.com is an admin`,
    );
    expect((await ctx.services.companies.companyInfo(userId))?.role).toBe('admin');
    expect(await admin('companies freeze', { company: id })).toMatch(/frozen/);
    expect((await ctx.services.companies.companyInfo(userId))?.freezeStatus).toBe('frozen');
    expect(await admin('companies unfreeze', { company: id })).toBe(`${id}: unfrozen`);
    expect(await admin('companies list')).toContain(`${id}\tAdmin CLI Co\tactive\tnormal`);
    await expect(admin('companies create', { name: 'x', end: 'soon' })).rejects.toMatchObject({
      code: Code.invalidParam,
    });
  });

  it('users list', async () => {
    expect(await admin('users list')).toMatch(new RegExp(`${DEMO_EMAIL}.*ML2`));
  });

  it('prints the control characters of a stored name escaped, never raw', async () => {
    // a name from before the protocol refused them (or from a third-party profile): it clears the
    // screen, forges a row and reorders text when printed raw
    const [user] = await t.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
    await t.db.update(users).set({ name: 'Evil\u001b[2J\nforged\tcell\u202e' }).where(eq(users.id, user!.id));
    try {
      const out = await admin('users list');
      expect(out).toContain('Evil\\u{1b}[2J\\u{a}forged\\u{9}cell\\u{202e}');
      for (const raw of ['\u001b', '\u202e']) expect(out).not.toContain(raw);
      expect(out.split('\n').some((line) => line.startsWith('forged'))).toBe(false);
    } finally {
      await t.db.update(users).set({ name: user!.name }).where(eq(users.id, user!.id));
    }
  });

  it('refuses an unknown command with the usage text', async () => {
    await expect(admin('nothing here')).rejects.toThrow(/Usage: npm run admin/);
  });
});

describe('the real command line', () => {
  it('runs `goods list` against its own database and exits 0', async () => {
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const dataDir = join(dir, 'data');
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, 'goods', 'list'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'test', DATA_DIR: dataDir },
      timeout: 60_000,
    });
    expect(stdout).toMatch(/GCAD_365_CS\s+CAD 365 Standard/);
    const usage = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, 'nope'], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    }).catch((e: { code: number; stderr: string }) => e);
    expect(usage).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage:') });
  }, 120_000);
});
