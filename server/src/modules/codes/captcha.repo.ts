import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { captchas } from '../../db/schema/index.ts';

export function createCaptchaRepo(db: DbOrTx) {
  return {
    async insertCaptcha(row: typeof captchas.$inferInsert) {
      const [created] = await db.insert(captchas).values(row).returning({ id: captchas.id });
      return created!.id;
    },
    /** Takes the one try of a live captcha; null when it is unknown, expired or already tried. */
    async takeTry(id: string, at: Date) {
      const rows = await db
        .update(captchas)
        .set({ triedAt: at })
        .where(and(eq(captchas.id, id), isNull(captchas.triedAt), gt(captchas.expiresAt, at)))
        .returning({ answerHash: captchas.answerHash });
      return rows[0] ?? null;
    },
    async setTicket(id: string, ticketHash: string, expiresAt: Date) {
      await db.update(captchas).set({ ticketHash, ticketExpiresAt: expiresAt }).where(eq(captchas.id, id));
    },
    /** Uses a live ticket up; false when it is unknown, expired or already used. */
    async useTicket(ticketHash: string, at: Date) {
      const rows = await db
        .update(captchas)
        .set({ ticketUsedAt: at })
        .where(
          and(eq(captchas.ticketHash, ticketHash), isNull(captchas.ticketUsedAt), gt(captchas.ticketExpiresAt, at)),
        )
        .returning({ id: captchas.id });
      return rows.length === 1;
    },
    /** Drops captchas whose image and ticket are both past use. */
    async deleteExpired(before: Date) {
      await db.delete(captchas).where(lt(captchas.expiresAt, before));
    },
  };
}
export type CaptchaRepo = ReturnType<typeof createCaptchaRepo>;
