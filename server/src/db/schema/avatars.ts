import { customType, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns.ts';

/** bytea as a Buffer (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});

/**
 * Avatar images, in the database so that every instance serves every file
 * (the avatar store of adapters/avatar-store.ts). Names are random and
 * immutable; a new upload gets a new name and the old row goes.
 */
export const avatarFiles = pgTable('avatar_files', {
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAtColumn(),
});
