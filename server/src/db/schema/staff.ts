/**
 * The operator console's own tables (docs/decisions/0038-operator-console.md): staff accounts,
 * their sessions, and the append-only audit of what they did (a trigger refuses UPDATE and
 * DELETE: drizzle/*_staff_audit_append_only.sql).
 */
import { STAFF_ROLES } from '@ac/protocol/console/staff';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAtColumn, idColumn } from './columns.ts';

export const staff = pgTable(
  'staff',
  {
    id: idColumn(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** argon2id (lib/hashing.ts, the members' hasher). */
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAtColumn(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_email_key').on(sql`lower(${t.email})`)],
);

/**
 * A staff session: the cookie's token, stored hashed (the CSRF token is derived from it). `secondFactorAt`
 * stays null until the second sign-in step; until then only that step, me and sign-out answer.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: idColumn(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAtColumn(),
    lastSeenAt: at('last_seen_at').notNull(),
    secondFactorAt: at('second_factor_at'),
    endedAt: at('ended_at'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** Every staff action, written in the transaction of the change; never updated or deleted. */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull().defaultNow(),
    // no foreign key: the row outlives anything it names
    staffId: uuid('staff_id').notNull(),
    staffEmail: text('staff_email').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [
    index('staff_audit_at_idx').on(t.at),
    index('staff_audit_target_idx').on(t.targetType, t.targetId, t.at),
    index('staff_audit_staff_idx').on(t.staffId, t.at),
  ],
);
