import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAtColumn, idColumn } from './columns.ts';
import { userRef, users } from './users.ts';

/** A provider identity (OIDC `sub`) bound to an account: one per provider and account. */
export const thirdPartyBindings = pgTable(
  'third_party_bindings',
  {
    id: idColumn(),
    userId: userRef(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    name: text('name'),
    favicon: text('favicon'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('third_party_bindings_identity_key').on(t.provider, t.subject),
    uniqueIndex('third_party_bindings_user_provider_key').on(t.userId, t.provider),
  ],
);

/** The state of an authorize URL with its PKCE verifier and nonce: single use, 10 minutes. */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    purpose: text('purpose', { enum: ['bind', 'login'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    /** Which of the provider's apps made the authorize URL (WeChat: 'inApp', the official account); null: its one app. */
    app: text('app'),
    /** Login flows: hash of the random value in the starting browser's cookie (login CSRF). */
    browserHash: text('browser_hash'),
    createdAt: createdAtColumn(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt)],
);

/** An identity that logged in unbound, waiting to be attached to an account (need-to-register ticket). */
export const thirdPartyTickets = pgTable(
  'third_party_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    name: text('name'),
    favicon: text('favicon'),
    email: text('email'),
    createdAt: createdAtColumn(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('third_party_tickets_expires_idx').on(t.expiresAt)],
);
