/**
 * Columns most tables share, written once: a random uuid key, a timestamp
 * with time zone, the creation time. The owner column (`userRef`) is in
 * users.ts, beside the table it points to.
 */
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** `id uuid primary key default gen_random_uuid()`. */
export const idColumn = () => uuid('id').primaryKey().defaultRandom();
/** A `timestamptz` column. */
export const at = (name: string) => timestamp(name, { withTimezone: true });
/** `created_at timestamptz not null default now()`. */
export const createdAtColumn = () => at('created_at').notNull().defaultNow();
