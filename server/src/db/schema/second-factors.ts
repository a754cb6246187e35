import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAtColumn, idColumn } from './columns.ts';

/**
 * Second factors (docs/decisions/0036-two-factor.md). Every table names its
 * owner as a subject, `subject_kind` (`member`: users.id; `staff`: the
 * operator console's staff table) and `subject_id`, so one module serves
 * both; no foreign key, the owner's module forgets the rows (account deletion).
 */
const subjectColumns = () => ({
  subjectKind: text('subject_kind', { enum: ['member', 'staff'] }).notNull(),
  subjectId: text('subject_id').notNull(),
});

/**
 * The factors of a subject. `kind` `totp`: an authenticator app, at most one,
 * its secret encrypted (lib/field-crypto.ts) and the last time step used (the
 * replay guard); unconfirmed while being set up. `passkey`: a WebAuthn
 * credential (several per subject, docs/decisions/0047-passkeys.md): its id
 * (base64url) in `credential_id`, unique; public key, sign counter,
 * transports and backup state in `credential`; its name in `label`.
 */
export const secondFactors = pgTable(
  'second_factors',
  {
    id: idColumn(),
    ...subjectColumns(),
    kind: text('kind', { enum: ['totp', 'passkey'] }).notNull(),
    label: text('label'),
    secretEncrypted: text('secret_encrypted'),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    credential: jsonb('credential'),
    credentialId: text('credential_id'),
    createdAt: createdAtColumn(),
    confirmedAt: at('confirmed_at'),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [
    uniqueIndex('second_factors_credential_idx').on(t.credentialId).where(sql`${t.credentialId} is not null`),
    uniqueIndex('second_factors_one_totp_idx').on(t.subjectKind, t.subjectId).where(sql`${t.kind} = 'totp'`),
    index('second_factors_subject_idx').on(t.subjectKind, t.subjectId),
  ],
);

/** Recovery codes: stored as SHA-256 of subject and code, each used once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: idColumn(),
    ...subjectColumns(),
    codeHash: text('code_hash').notNull().unique(),
    createdAt: createdAtColumn(),
    usedAt: at('used_at'),
  },
  (t) => [index('recovery_codes_subject_idx').on(t.subjectKind, t.subjectId)],
);

/**
 * Second-step tickets: what a first factor earns when a second is on; stored
 * hashed, single use, 5 minutes; `context` is what the owner's module needs
 * to finish (e.g. the login method).
 */
export const secondStepTickets = pgTable(
  'second_step_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    ...subjectColumns(),
    context: jsonb('context').notNull(),
    createdAt: createdAtColumn(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('second_step_tickets_subject_idx').on(t.subjectKind, t.subjectId)],
);

/** "Trust this browser": a random token in an HttpOnly cookie, stored hashed, 30 days. */
export const trustedBrowsers = pgTable(
  'trusted_browsers',
  {
    tokenHash: text('token_hash').primaryKey(),
    ...subjectColumns(),
    createdAt: createdAtColumn(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('trusted_browsers_subject_idx').on(t.subjectKind, t.subjectId)],
);

/**
 * WebAuthn challenges (passkey registration, passwordless sign-in, the
 * second step): the browser holds the random id (`challengeId`), the table
 * its hash; single use, 5 minutes. `purpose` says which call may use it;
 * the subject is empty for a passwordless sign-in (anyone's passkey).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    idHash: text('id_hash').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'login', 'secondStep'] }).notNull(),
    subjectKind: text('subject_kind', { enum: ['member', 'staff'] }),
    subjectId: text('subject_id'),
    challenge: text('challenge').notNull(),
    createdAt: createdAtColumn(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

/** Wrong second factors per subject, counted before each check (like login throttling). */
export const secondFactorThrottle = pgTable(
  'second_factor_throttle',
  {
    ...subjectColumns(),
    failures: integer('failures').notNull().default(0),
    updatedAt: at('updated_at').notNull(),
    lockedUntil: at('locked_until'),
  },
  (t) => [primaryKey({ columns: [t.subjectKind, t.subjectId] })],
);
