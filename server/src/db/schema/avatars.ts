import { pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, createdAtColumn } from './columns.ts';

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
