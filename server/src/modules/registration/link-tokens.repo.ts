import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { linkTokens } from '../../db/schema/index.ts';

export type LinkPurpose = (typeof linkTokens.$inferSelect)['purpose'];
export type LinkRow = typeof linkTokens.$inferSelect;

export function createLinkTokensRepo(db: DbOrTx) {
  return {
    /** Serialises link sends to one address inside the current transaction. */
    async lockTarget(target: string) {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`link:${target}`}))`);
    },
    async latestSendTime(purpose: LinkPurpose, target: string) {
      const rows = await db
        .select({ createdAt: linkTokens.createdAt })
        .from(linkTokens)
        .where(and(eq(linkTokens.target, target), eq(linkTokens.purpose, purpose)))
        .orderBy(desc(linkTokens.createdAt))
        .limit(1);
      return rows[0]?.createdAt ?? null;
    },
    async countSendsSince(purpose: LinkPurpose, target: string, since: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(linkTokens)
        .where(and(eq(linkTokens.target, target), eq(linkTokens.purpose, purpose), gt(linkTokens.createdAt, since)));
      return row?.n ?? 0;
    },
    async insert(row: typeof linkTokens.$inferInsert) {
      await db.insert(linkTokens).values(row);
    },
    async findByHash(purpose: LinkPurpose, tokenHash: string) {
      const rows = await db
        .select()
        .from(linkTokens)
        .where(and(eq(linkTokens.tokenHash, tokenHash), eq(linkTokens.purpose, purpose)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Marks a link used; false when it was used meanwhile or has expired. */
    async consume(id: string, at: Date) {
      const rows = await db
        .update(linkTokens)
        .set({ usedAt: at })
        .where(and(eq(linkTokens.id, id), isNull(linkTokens.usedAt), gt(linkTokens.expiresAt, at)))
        .returning({ id: linkTokens.id });
      return rows.length === 1;
    },
    /** Ends the user's other live links of a purpose (an older reset mail dies with the reset). */
    async retireOthers(userId: string, purpose: LinkPurpose, exceptId: string, at: Date) {
      await db
        .update(linkTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(linkTokens.userId, userId),
            eq(linkTokens.purpose, purpose),
            ne(linkTokens.id, exceptId),
            isNull(linkTokens.usedAt),
          ),
        );
    },
  };
}
export type LinkTokensRepo = ReturnType<typeof createLinkTokensRepo>;
