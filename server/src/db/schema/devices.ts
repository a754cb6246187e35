import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    model: text('model').notNull(),
    mac: text('mac').notNull(),
    uuid: text('uuid').notNull(),
    lastIp: text('last_ip'),
    lastTime: timestamp('last_time', { withTimezone: true }),
    clientVersion: text('client_version').notNull(),
    status: text('status', { enum: ['bound', 'unbound'] })
      .notNull()
      .default('unbound'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devices_user_uuid_key').on(t.userId, t.uuid),
    // device/list: one user's devices by last use, newest first (read backwards: nulls first, as the list sorts)
    index('devices_user_last_idx').on(t.userId, t.lastTime, t.createdAt),
  ],
);

/** The server nodes of docs/product.md#calls (where accounts live). */
export const serverNodes = pgTable('server_nodes', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  region: text('region').notNull(),
  url: text('url').notNull(),
});
