/** The China trade account, owned by the trade module (docs/decisions/0009-trade-account.md). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAtColumn, idColumn } from './columns.ts';
import { userRef, users } from './users.ts';

/** One row per user who saved anything of the trade account. `*_enc`: AES-256-GCM (lib/field-crypto.ts). */
export const tradeProfiles = pgTable('trade_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  birthYear: integer('birth_year'),
  industry: text('industry'),
  educationLevel: text('education_level'),
  realNameEnc: text('real_name_enc'),
  idNumberEnc: text('id_number_enc'),
  identityVerifiedAt: at('identity_verified_at'),
  /** Who verified the identity (tencent, checksum) and the provider's id of that check. */
  identityProvider: text('identity_provider'),
  identityRequestId: text('identity_request_id'),
  /** Verifications asked for on identity_attempts_day (YYYY-MM-DD, China Standard Time). */
  identityAttempts: integer('identity_attempts').notNull().default(0),
  identityAttemptsDay: text('identity_attempts_day'),
  cashPasswordHash: text('cash_password_hash'),
  /** Wrong cash passwords in a row; 5 lock the check until cash_locked_until. */
  cashFailures: integer('cash_failures').notNull().default(0),
  cashLockedUntil: at('cash_locked_until'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const tradeEducations = pgTable(
  'trade_educations',
  {
    id: idColumn(),
    userId: userRef(),
    school: text('school').notNull(),
    major: text('major').notNull(),
    degree: text('degree').notNull(),
    graduationYear: integer('graduation_year').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('trade_educations_user_idx').on(t.userId)],
);

export const tradeJobs = pgTable(
  'trade_jobs',
  {
    id: idColumn(),
    userId: userRef(),
    company: text('company').notNull(),
    position: text('position').notNull(),
    startYear: integer('start_year').notNull(),
    endYear: integer('end_year'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('trade_jobs_user_idx').on(t.userId)],
);

export const tradeCashAccounts = pgTable(
  'trade_cash_accounts',
  {
    id: idColumn(),
    userId: userRef(),
    type: text('type', { enum: ['alipay', 'bankCard'] }).notNull(),
    accountEnc: text('account_enc').notNull(),
    /** What answers show (138****0000, **** 1234); the full number only in account_enc. */
    accountMasked: text('account_masked').notNull(),
    holderName: text('holder_name').notNull(),
    bankName: text('bank_name'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('trade_cash_accounts_user_idx').on(t.userId),
    uniqueIndex('trade_cash_accounts_default_key').on(t.userId).where(sql`${t.isDefault}`),
  ],
);
