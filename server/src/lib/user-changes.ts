/**
 * "What this user's sessions show has changed": said by every write that
 * changes a session, the user row or the user's memberships, heard by the
 * session snapshot cache of every instance. The message goes through
 * PostgreSQL NOTIFY on the writer's own transaction, so the other instances
 * hear it when (and only if) the change commits; this instance also forgets
 * at once. buildApp listens on the channel (Database.listen). Writes of the
 * orders table are said on the same channel by a trigger
 * (server/drizzle/0017_orders_notify.sql), heard by the per-user answer
 * cache (lib/user-answer-cache.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';

export const USER_CHANGED_CHANNEL = 'ac_user_changed';

type Listener = (userId: string) => void;

export function createUserChanges(d: { db: Db }) {
  const listeners = new Set<Listener>();
  const emit = (userId: string) => {
    for (const l of listeners) l(userId);
  };
  return {
    /** Inside `tx` when the change belongs to one: the other instances hear it at its commit. */
    async userChanged(userId: string, tx?: DbOrTx) {
      emit(userId);
      await (tx ?? d.db).execute(sql`select pg_notify(${USER_CHANGED_CHANNEL}, ${userId})`);
    },
    /** A message heard on the channel (every instance's, this one's included). */
    received(payload: string) {
      emit(payload);
    },
    onChange(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type UserChanges = ReturnType<typeof createUserChanges>;
