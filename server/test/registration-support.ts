/** Helpers of the registration tests: mails land in the outbox shortly after the answer. */
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { linkTokens, outbox } from '../src/db/schema/index.ts';

export type OutboxMail = typeof outbox.$inferSelect;

export async function mailsTo(db: Db, recipient: string): Promise<OutboxMail[]> {
  return db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.createdAt));
}

/** Waits until `recipient` has `count` messages; returns the newest. */
export async function waitForMail(db: Db, recipient: string, count = 1): Promise<OutboxMail> {
  for (let i = 0; i < 200; i++) {
    const rows = await mailsTo(db, recipient);
    if (rows.length >= count) return rows[0]!;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no mail #${count} to ${recipient}`);
}

/** The token at the end of the first link in a mail body. */
export function linkToken(body: string, route: string): string {
  const match = body.match(new RegExp(`https?://\\S+${route}/([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${route} link in: ${body}`);
  return match[1]!;
}

export const STRONG_PASSWORD = 'Tulip-Orbit-42';

/** An overseas registration form (Ada Lovelace, GB, a strong password, agreed), `extra` over it. */
export const registrationForm = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email,
  password: STRONG_PASSWORD,
  region: 'GB',
  agree: true,
  ...extra,
});

/** Moves every link row `minutes` into the past, as if the mails had been sent that long ago. */
export async function ageLinks(db: Db, minutes: number) {
  const shift = sql.raw(`interval '${Math.trunc(minutes)} minutes'`);
  await db.update(linkTokens).set({
    createdAt: sql`${linkTokens.createdAt} - ${shift}`,
    expiresAt: sql`${linkTokens.expiresAt} - ${shift}`,
  });
}
