/**
 * product/mine kept per user (lib/user-answer-cache.ts) is never kept past
 * the first start or end still to come in it: a company seat that ends with
 * its company leaves the answer at that moment, with no write to say so.
 * The service on a test database, its clock and the cache's one fake clock.
 */
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/commerce-fixtures.ts';
import { testAppForTests, testServices } from '../../../test/test-app.ts';
import { companies, companyMembers, companySeatAssignments } from '../../db/schema/index.ts';
import { SECOND } from '../../lib/time.ts';
import { createUserAnswerCache } from '../../lib/user-answer-cache.ts';
import { createMembershipsService } from './memberships.service.ts';

const t = testAppForTests();

describe('product/mine kept per user', () => {
  it('drops a company seat when its company ends, though nothing was written', async () => {
    let clock = Date.now();
    const s = testServices(t);
    const answers = createUserAnswerCache({ changes: s.changes, ttlMs: 60 * SECOND, now: () => clock });
    answers.setListening(true);
    const memberships = createMembershipsService({
      db: t.db,
      users: s.users,
      products: s.products,
      companies: s.companies,
      changes: s.changes,
      answers,
      now: () => new Date(clock),
    });
    const { userId } = await createAccount(t);
    const endTime = new Date(clock + 10 * SECOND);
    const [company] = await t.db.insert(companies).values({ name: 'Ending Co.', endTime }).returning();
    await t.db.insert(companyMembers).values({ companyId: company!.id, userId, role: 'member' });
    await t.db
      .insert(companySeatAssignments)
      .values({ companyId: company!.id, goodsCode: 'ML2', userId, assignedAt: new Date(clock - SECOND) });

    expect((await memberships.products(userId)).rows.map((p) => p.goodsCode)).toEqual(['ML2']);
    clock += 9 * SECOND;
    expect((await memberships.products(userId)).rows.map((p) => p.goodsCode)).toEqual(['ML2']);
    clock += SECOND; // the company's end: the answer kept a few seconds ago must not be served
    expect((await memberships.products(userId)).rows).toEqual([]);
  });
});
