import { COMPANY_ROLES, COMPANY_STATUSES, FREEZE_STATUSES } from '@ac/protocol/enums';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
    registerDate: timestamp('register_date', { withTimezone: true }).notNull().defaultNow(),
    lastLoginTime: timestamp('last_login_time', { withTimezone: true }),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_mobile_key').on(t.mobile).where(sql`${t.deletedAt} is null`),
    index('users_register_idx').on(t.registerDate),
  ],
);

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  status: text('status', { enum: COMPANY_STATUSES }).notNull().default('active'),
  freezeStatus: text('freeze_status', { enum: FREEZE_STATUSES }).notNull().default('normal'),
  endTime: timestamp('end_time', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const companyMembers = pgTable(
  'company_members',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: COMPANY_ROLES }).notNull().default('member'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('company_members_user_key').on(t.userId)],
);
