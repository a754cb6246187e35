/**
 * Columns most tables share, written once: a random uuid key, a timestamp
 * with time zone, the creation time. The owner column (`userRef`) is in
 * users.ts, beside the table it points to.
 */
import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/** `id uuid primary key default gen_random_uuid()`. */
export const idColumn = () => uuid('id').primaryKey().defaultRandom();
/** A `timestamptz` column. */
export const at = (name: string) => timestamp(name, { withTimezone: true });
/** `created_at timestamptz not null default now()`. */
export const createdAtColumn = () => at('created_at').notNull().defaultNow();

/** bytea as a Buffer (node-postgres answers a Buffer, PGlite a Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});
