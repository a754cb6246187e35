/** The enterprise's seats and invitations; `companies` and `company_members` are in users.ts. */

import { COMPANY_ROLES } from '@ac/protocol/enums';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAtColumn, idColumn } from './columns.ts';
import { goods } from './commerce.ts';
import { companies, userRef, users } from './users.ts';

/** How many seats of one goods code a company holds. */
export const companySeats = pgTable(
  'company_seats',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    goodsCode: text('goods_code')
      .notNull()
      .references(() => goods.code),
    total: integer('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.goodsCode] })],
);

/** A seat held by a member: it grants its goods while the company grants (docs/product.md#enterprise). */
export const companySeatAssignments = pgTable(
  'company_seat_assignments',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    goodsCode: text('goods_code')
      .notNull()
      .references(() => goods.code),
    userId: userRef(),
    assignedAt: at('assigned_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.goodsCode, t.userId] }),
    index('company_seat_assignments_user_idx').on(t.userId),
  ],
);

/** A mailed invitation: the link's token stored as SHA-256, single use. */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: idColumn(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The role accepting gives: member for a company admin's invitation, owner for the console's admin e-mail. */
    role: text('role', { enum: COMPANY_ROLES }).notNull().default('member'),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('company_invitations_token_key').on(t.tokenHash),
    index('company_invitations_open_idx').on(t.companyId, t.createdAt).where(sql`${t.usedAt} is null`),
  ],
);
