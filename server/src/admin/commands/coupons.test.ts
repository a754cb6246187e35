import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TList } from '@ac/protocol/common';
import type { TCoupon } from '@ac/protocol/coupons';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, commerceEnv, createAccount } from '../../../test/commerce-fixtures.ts';
import { closeWithServices, createTestApp, type TestApp, testServices } from '../../../test/test-app.ts';
import { coupons } from '../../db/schema/index.ts';
import type { AdminContext } from '../admin-context.ts';
import { run } from '../registry.ts';

let t: TestApp;
let ctx: AdminContext;
let dir: string;
let holder: Account;
beforeAll(async () => {
  t = await createTestApp({ env: commerceEnv });
  ctx = { config: t.config, services: testServices(t), now: () => new Date('2026-03-01T10:00:00Z') };
  holder = await createAccount(t);
  dir = mkdtempSync(join(tmpdir(), 'ac-coupons-'));
});
afterAll(async () => {
  await closeWithServices(t);
  rmSync(dir, { recursive: true, force: true });
});

const admin = (line: string, values: Record<string, string> = {}) => run(ctx, { positionals: line.split(' '), values });
const rowOf = async (code: string) => (await t.db.select().from(coupons).where(eq(coupons.code, code)))[0]!;

describe('coupons commands', () => {
  it('create: an amount off for some goods, granted to a user, shown under their coupons', async () => {
    const answer = await admin('coupons create', {
      code: 'spring-10',
      amount: '1000',
      currency: 'USD',
      goods: 'ML2,ML3',
      from: '2026-03-01',
      to: '2099-03-31',
      user: holder.email,
    });
    expect(answer).toBe(
      'SPRING10: 10.00 USD off, ML2,ML3, 2026-03-01T00:00:00.000Z – 2099-04-01T00:00:00.000Z, 1 per user, no total limit, granted; granted to ' +
        holder.email,
    );
    expect(await rowOf('SPRING10')).toMatchObject({ audience: 'granted', amountOff: 1000, goodsCodes: ['ML2', 'ML3'] });
    const mine = await t.client.call<TList<TCoupon>>(calls.coupons.list, { tab: 'unused' }, { token: holder.token });
    expect(mine.data.rows.map((r) => r.code)).toEqual(['SPRING10']);
    expect(await admin('coupons grant SPRING10', { user: holder.email })).toBe(
      `SPRING10: already held by ${holder.email}`,
    );
  });

  it('create: a public percentage, with a total limit; refuses bad options before writing', async () => {
    expect(
      await admin('coupons create', {
        code: 'PCT20',
        percent: '20',
        'valid-days': '10',
        total: '100',
        'per-user': '2',
      }),
    ).toMatch(
      /^PCT20: 20% off, all goods, 2026-03-01T10:00:00.000Z – 2026-03-11T10:00:00.000Z, 2 per user, 100 total limit, public$/,
    );
    const refused: Record<string, string>[] = [
      { code: 'PCT20', percent: '10' }, // exists
      { code: 'X', percent: '10' }, // too short
      { code: 'BAD1', percent: '101' },
      { code: 'BAD2', amount: '100' }, // no currency
      { code: 'BAD3', amount: '100', percent: '5', currency: 'USD' },
      { code: 'BAD4', amount: '0', currency: 'USD' },
      { code: 'BAD5', percent: '5', from: '2026-04-01', to: '2026-03-01' },
      { code: 'BAD6', percent: '5', total: '0' },
      { code: 'BAD7', percent: '5', audience: 'friends' },
    ];
    for (const values of refused) {
      await expect(admin('coupons create', values)).rejects.toMatchObject({ code: Code.invalidParam });
    }
    await expect(admin('coupons create', { code: 'BAD8', percent: '5', goods: 'NOPE' })).rejects.toMatchObject({
      code: Code.goodsNotFound,
    });
    await expect(
      admin('coupons create', { code: 'BAD9', percent: '5', user: 'nobody@example.com' }),
    ).rejects.toMatchObject({
      code: Code.userNotFound,
    });
    expect(await t.db.select().from(coupons).where(eq(coupons.code, 'BAD1'))).toEqual([]);
  });

  it('batch writes N random single-use codes to a CSV; grant, list and void', async () => {
    const out = join(dir, 'batch.csv');
    expect(await admin('coupons batch', { count: '25', amount: '500', currency: 'CNY', out })).toBe(
      `25 coupons written to ${out}`,
    );
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('code,off,goods,validFrom,validTo,perUser,total');
    expect(lines).toHaveLength(26);
    const code = lines[1]!.split(',')[0]!;
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(25);
    expect(await rowOf(code)).toMatchObject({ totalLimit: 1, audience: 'public', currency: 'CNY' });

    expect(await admin(`coupons grant ${code.toLowerCase()}`, { user: holder.email })).toBe(
      `${code}: granted to ${holder.email}`,
    );
    expect(await admin('coupons list', { limit: '1000' })).toMatch(new RegExp(`${code}\\s+5\\.00 CNY off\\s+all`));
    expect(await admin(`coupons void ${code}`)).toBe(`${code}: void (0 uses stand)`);
    expect((await rowOf(code)).voidedAt).not.toBeNull();
    await expect(admin(`coupons grant ${code}`, { user: holder.email })).rejects.toMatchObject({
      code: Code.couponInvalid,
    });
    await expect(admin('coupons void NOSUCH')).rejects.toMatchObject({ code: Code.couponInvalid });
    await expect(admin('coupons batch', { count: '0', percent: '5' })).rejects.toMatchObject({
      code: Code.invalidParam,
    });
  });
});
