import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAtColumn, idColumn } from './columns.ts';
import { users } from './users.ts';

/**
 * Activation and reset links (docs/protocol.md#links-activation-and-reset): 128-bit random tokens stored as
 * SHA-256, single use. A row is written for every request, also when the
 * address has no account (`user_id` null, never usable), so send limits and
 * answers do not depend on whether an account exists.
 */
export const linkTokens = pgTable(
  'link_tokens',
  {
    id: idColumn(),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['activate', 'reset'] }).notNull(),
    /** The normalised email the link was asked for (the send limits are per target). */
    target: text('target').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    index('link_tokens_target_idx').on(t.target, t.purpose, t.createdAt),
    index('link_tokens_user_idx').on(t.userId),
  ],
);

/** What a user gave at registration besides the account itself. */
export const registrations = pgTable('registrations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Country code of the dictionary (overseas form), null for China mobile sign-ups. */
  country: text('country'),
  businessSource: text('business_source'),
  createdAt: createdAtColumn(),
});

/**
 * The node directory (docs/decisions/0005-server-nodes.md): which server
 * node an account lives on, keyed by the SHA-256 of the normalised email or
 * mobile. Written on register; read on login and register.
 */
export const accountDirectory = pgTable('account_directory', {
  accountKey: text('account_key').primaryKey(),
  nodeCode: text('node_code').notNull(),
  createdAt: createdAtColumn(),
});
