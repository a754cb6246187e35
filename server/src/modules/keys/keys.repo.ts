import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { aesKeys, signedRequests } from '../../db/schema/index.ts';

export function createKeysRepo(db: DbOrTx) {
  return {
    async insertKey(keyHash: string, expiresAt: Date) {
      await db.insert(aesKeys).values({ keyHash, expiresAt });
    },
    async findValidKey(keyHash: string, now: Date) {
      const rows = await db
        .select({ expiresAt: aesKeys.expiresAt })
        .from(aesKeys)
        .where(and(eq(aesKeys.keyHash, keyHash), gt(aesKeys.expiresAt, now)))
        .limit(1);
      return rows[0] ?? null;
    },
    async deleteExpiredKeys(now: Date) {
      await db.delete(aesKeys).where(lt(aesKeys.expiresAt, now));
    },
    /** true when the id was new; false when it had been seen (a replay). */
    async rememberRequestId(requestId: string) {
      const rows = await db
        .insert(signedRequests)
        .values({ requestId })
        .onConflictDoNothing()
        .returning({ requestId: signedRequests.requestId });
      return rows.length === 1;
    },
    async forgetRequestIdsBefore(cutoff: Date) {
      await db.delete(signedRequests).where(lt(signedRequests.seenAt, cutoff));
    },
  };
}
export type KeysRepo = ReturnType<typeof createKeysRepo>;
