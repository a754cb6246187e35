import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callFrom, commerceEnv, createAccount } from '../../../test/commerce-fixtures.ts';
import { testAppForTests } from '../../../test/test-app.ts';
import { onPostgres } from '../../../test/test-db.ts';
import { createServices } from '../../app/services.ts';
import { memberships, orders, redeemCodes } from '../../db/schema/index.ts';

/**
 * 200 at once on PostgreSQL (the server-pg project), 50 on PGlite (one transaction at a time);
 * RACE_REDEEM_PARALLEL sets it: `npm run bench:concurrency -w bench` runs 1 000.
 */
const PARALLEL = Number(process.env.RACE_REDEEM_PARALLEL ?? (onPostgres ? 200 : 50));
const t = testAppForTests({ env: commerceEnv });

describe(`one code, ${PARALLEL} parallel exchanges`, () => {
  it('succeeds exactly once and grants exactly one membership', { timeout: 600_000 }, async () => {
    const commerce = createServices({ config: t.config, db: t.db, log: t.app.log });
    const [code] = await commerce.redeemIssue.issue({ goodsCode: 'ML5', count: 1, days: 30, source: 'paidPurchase' });
    await commerce.close();
    const accounts = await Promise.all(Array.from({ length: PARALLEL }, () => createAccount(t)));
    const answers = await Promise.all(
      accounts.map((a) => callFrom(t, calls.redeem.exchange, { code: code!.code }, a.token, a.ip)),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === Code.ok)).toHaveLength(1);
    expect(codes.filter((c) => c === Code.redeemCodeUsed)).toHaveLength(PARALLEL - 1);
    const grants = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.sourceType, 'redeem'), eq(memberships.sourceId, code!.serialNo)));
    expect(grants).toHaveLength(1);
    const exchangeOrders = await t.db.select().from(orders).where(eq(orders.redeemSerialNo, code!.serialNo));
    expect(exchangeOrders).toHaveLength(1);
    const [row] = await t.db.select().from(redeemCodes).where(eq(redeemCodes.serialNo, code!.serialNo));
    const winner = accounts[codes.indexOf(Code.ok)]!;
    expect(row).toMatchObject({ state: 'exchanged', redeemedBy: winner.userId });
    expect(grants[0]!.userId).toBe(winner.userId);
  });
});
