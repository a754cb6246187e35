import { desc, eq, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';

export function createOutboxRepo(db: DbOrTx) {
  return {
    async insertMessage(row: typeof outbox.$inferInsert) {
      const [created] = await db.insert(outbox).values(row).returning({ id: outbox.id });
      return created!.id;
    },
    async findMessage(id: string) {
      const [row] = await db.select().from(outbox).where(eq(outbox.id, id)).limit(1);
      return row ?? null;
    },
    /** Handed to SMTP: the row keeps only `redactedBody` (no code, no link id). */
    async markSent(id: string, at: Date, redactedBody: string) {
      await db.update(outbox).set({ sentAt: at, body: redactedBody }).where(eq(outbox.id, id));
    },
    async markFailed(id: string, error: string) {
      await db
        .update(outbox)
        .set({ error: error.slice(0, 500) })
        .where(eq(outbox.id, id));
    },
    async deleteMessage(id: string) {
      await db.delete(outbox).where(eq(outbox.id, id));
    },
    /** Account deletion: the messages kept for the account's addresses. */
    async deleteForRecipients(recipients: string[]) {
      await db.delete(outbox).where(inArray(outbox.recipient, recipients));
    },
    /** Messages created before `cutoff`; returns how many went. */
    async deleteCreatedBefore(cutoff: Date) {
      const gone = await db.delete(outbox).where(lt(outbox.createdAt, cutoff)).returning({ id: outbox.id });
      return gone.length;
    },
    async latestMessages(limit: number) {
      return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
    },
  };
}
export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
