import { and, asc, eq, inArray, notExists, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountDirectory, serverNodes } from '../../db/schema/index.ts';

export function createNodesRepo(db: DbOrTx) {
  return {
    async listNodes() {
      return db.select().from(serverNodes).orderBy(asc(serverNodes.code));
    },
    async findNode(code: string) {
      const rows = await db.select().from(serverNodes).where(eq(serverNodes.code, code)).limit(1);
      return rows[0] ?? null;
    },
    async upsertNode(node: typeof serverNodes.$inferInsert) {
      await db
        .insert(serverNodes)
        .values(node)
        .onConflictDoUpdate({ target: serverNodes.code, set: { name: node.name, region: node.region, url: node.url } });
    },
    /** Removes nodes no longer configured. */
    async deleteNodesExcept(codes: string[]) {
      await db.delete(serverNodes).where(notInArray(serverNodes.code, codes));
    },
    async findDirectoryEntry(accountKey: string) {
      const rows = await db.select().from(accountDirectory).where(eq(accountDirectory.accountKey, accountKey)).limit(1);
      return rows[0] ?? null;
    },
    /** Moves the entry under `from` to the key `to` unless `to` is taken; the moved entry, or null. */
    async rekeyDirectoryEntry(from: string, to: string) {
      const rows = await db
        .update(accountDirectory)
        .set({ accountKey: to })
        .where(
          and(
            eq(accountDirectory.accountKey, from),
            notExists(db.select().from(accountDirectory).where(eq(accountDirectory.accountKey, to))),
          ),
        )
        .returning();
      return rows[0] ?? null;
    },
    /** Records that an account lives on `nodeCode` (a re-registration after deletion moves it). */
    async claimAccount(accountKey: string, nodeCode: string, at: Date) {
      await db
        .insert(accountDirectory)
        .values({ accountKey, nodeCode, createdAt: at })
        .onConflictDoUpdate({ target: accountDirectory.accountKey, set: { nodeCode, createdAt: at } });
    },
    async forgetEntries(accountKeys: string[], nodeCode: string) {
      await db
        .delete(accountDirectory)
        .where(and(inArray(accountDirectory.accountKey, accountKeys), eq(accountDirectory.nodeCode, nodeCode)));
    },
  };
}
export type NodesRepo = ReturnType<typeof createNodesRepo>;
