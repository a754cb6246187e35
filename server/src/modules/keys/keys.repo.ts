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
    /** Returns how many went. */
    async deleteExpiredKeys(now: Date) {
      const gone = await db.delete(aesKeys).where(lt(aesKeys.expiresAt, now)).returning({ keyHash: aesKeys.keyHash });
      return gone.length;
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
    /** Returns how many went. */
    async forgetRequestIdsBefore(cutoff: Date) {
      const gone = await db
        .delete(signedRequests)
        .where(lt(signedRequests.seenAt, cutoff))
        .returning({ requestId: signedRequests.requestId });
      return gone.length;
    },
  };
}
export type KeysRepo = ReturnType<typeof createKeysRepo>;
