import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, bytea, idColumn } from './columns.ts';
import { userRef } from './users.ts';

/**
 * Personal data exports (docs/decisions/0046-data-export.md): one row per
 * request, built by a durable job into `bytes` (a ZIP, in the database like
 * avatar and invoice files, so every instance serves it), mailed as a link
 * whose token is stored hashed; the file goes after its one download or
 * 24 hours (`bytes` set to null), the row stays as the once-a-day record.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: idColumn(),
    userId: userRef(),
    /** pending → ready (mailed) → downloaded | expired; failed when the job gave up. */
    status: text('status', { enum: ['pending', 'ready', 'downloaded', 'expired', 'failed'] })
      .notNull()
      .default('pending'),
    requestedAt: at('requested_at').notNull().defaultNow(),
    /** The language of the mail (the request's). */
    language: text('language').notNull(),
    readyAt: at('ready_at'),
    /** sha256 of the link's token; null until the file is built. */
    tokenHash: text('token_hash').unique(),
    expiresAt: at('expires_at'),
    downloadedAt: at('downloaded_at'),
    bytes: bytea('bytes'),
    size: integer('size'),
  },
  (t) => [index('data_exports_user_idx').on(t.userId, t.requestedAt), index('data_exports_expiry_idx').on(t.expiresAt)],
);
