import { COMPANY_ROLES, COMPANY_STATUSES, FREEZE_STATUSES } from '@ac/protocol/enums';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAtColumn, idColumn } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    name: text('name').notNull(),
    nickName: text('nick_name').notNull(),
    email: text('email'),
    mobile: text('mobile'),
    passwordHash: text('password_hash'),
    favicon: text('favicon'),
    sex: integer('sex').notNull().default(0),
    level: integer('level').notNull().default(1),
    score: integer('score').notNull().default(0),
    isActivate: boolean('is_activate').notNull().default(false),
    location: text('location'),
    company: text('company'),
    position: text('position'),
    storageUsed: bigint('storage_used', { mode: 'number' }).notNull().default(0),
    /** Product news and offers by email (docs/product.md#privacy): given at registration, changed on the profile. */
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    /** When the consent was last given or withdrawn (null: never asked, a China mobile sign-up). */
    marketingConsentAt: at('marketing_consent_at'),
    /** When the cloud storage service measured `storageUsed` (its reports, docs/protocol.md#storage-usage-reports). */
    storageMeasuredAt: at('storage_measured_at'),
    registerDate: at('register_date').notNull().defaultNow(),
    lastLoginTime: at('last_login_time'),
    updateTime: at('update_time').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
    /** Set by the console's block (docs/decisions/0038-operator-console.md): logins answer 1000014. */
    blockedAt: at('blocked_at'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_mobile_key').on(t.mobile).where(sql`${t.deletedAt} is null`),
    index('users_register_idx').on(t.registerDate),
  ],
);

/** `user_id uuid not null references users(id) on delete cascade`: the account a row belongs to. */
export const userRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const companies = pgTable('companies', {
  id: idColumn(),
  name: text('name').notNull(),
  status: text('status', { enum: COMPANY_STATUSES }).notNull().default('active'),
  freezeStatus: text('freeze_status', { enum: FREEZE_STATUSES }).notNull().default('normal'),
  endTime: at('end_time').notNull(),
  /** Set by a company admin (docs/product.md#enterprise): members without two-factor enrol at their next sign-in and cannot turn it off. */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  createdAt: createdAtColumn(),
});

export const companyMembers = pgTable(
  'company_members',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: userRef(),
    role: text('role', { enum: COMPANY_ROLES }).notNull().default('member'),
    joinedAt: at('joined_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('company_members_user_key').on(t.userId)],
);
