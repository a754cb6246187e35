import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { serverNodes } from '../../db/schema/index.ts';

export function createNodesRepo(db: DbOrTx) {
  return {
    async listNodes() {
      return db.select().from(serverNodes).orderBy(asc(serverNodes.code));
    },
    async upsertNode(node: typeof serverNodes.$inferInsert) {
      await db
        .insert(serverNodes)
        .values(node)
        .onConflictDoUpdate({ target: serverNodes.code, set: { name: node.name, region: node.region, url: node.url } });
    },
  };
}
export type NodesRepo = ReturnType<typeof createNodesRepo>;
