import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAtColumn, idColumn } from './columns.ts';
import { userRef } from './users.ts';

export const devices = pgTable(
  'devices',
  {
    id: idColumn(),
    userId: userRef(),
    name: text('name').notNull(),
    model: text('model').notNull(),
    mac: text('mac').notNull(),
    uuid: text('uuid').notNull(),
    lastIp: text('last_ip'),
    lastTime: at('last_time'),
    clientVersion: text('client_version').notNull(),
    status: text('status', { enum: ['bound', 'unbound'] })
      .notNull()
      .default('unbound'),
    /** The client type of the last report (docs/product.md#client-types). */
    clientType: text('client_type'),
    boundAt: at('bound_at'),
    createdAt: createdAtColumn(),
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
