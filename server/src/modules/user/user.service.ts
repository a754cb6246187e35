/**
 * Accounts (the users table): look-ups, creation, activation, passwords,
 * profile fields and anonymisation. Other modules call these, passing their
 * transaction when the change belongs to it.
 */
import { Code } from '@ac/protocol/codes';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { DayPeriod } from '../../db/per-day.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserChanges } from '../../lib/user-changes.ts';
import { createUserRepo, type NewUser, type UserPatch, type UserSearch } from './user.repo.ts';

export type { UserRow } from './user.repo.ts';
export { USER_SEARCH_MIN_PART } from './user.repo.ts';

/** `changes` hears of every write to a user row (what the session snapshots of that user show). */
export function createUserService(d: { db: Db; changes: UserChanges }) {
  const repo = (tx?: DbOrTx) => createUserRepo(tx ?? d.db);
  /** Runs a write of one user's row, then says the user changed (inside `tx`, heard at its commit). */
  async function write<T>(id: string, tx: DbOrTx | undefined, change: (r: ReturnType<typeof repo>) => Promise<T>) {
    const result = await change(repo(tx));
    await d.changes.userChanged(id, tx);
    return result;
  }
  return {
    /** Accounts registered per day of the period (the console's dashboard). */
    signUpsPerDay: (p: DayPeriod) => repo().signUpsPerDay(p),
    findLive: (id: string, tx?: DbOrTx) => repo(tx).findLiveUser(id),
    /** The live user, or 1000002 (the session's account is gone). */
    async requireLive(id: string, tx?: DbOrTx) {
      const user = await repo(tx).findLiveUser(id);
      if (!user) throw new AppError(Code.sessionRevoked);
      return user;
    },
    /** The live user locked until `tx` ends, or null. */
    lockLive: (id: string, tx: DbOrTx) => repo(tx).lockLiveUser(id),
    /** Locks the user's row (live or deleted) until `tx` ends; false when there is none. */
    lock: (id: string, tx: DbOrTx) => repo(tx).lockUser(id),
    /** The live account of an email (any case) or mobile. */
    findByAccount: (account: string, tx?: DbOrTx) => repo(tx).findUserByAccount(account),
    findLiveByEmail: (email: string, tx?: DbOrTx) => repo(tx).findLiveUserByEmail(email),
    addressUsedByOther: (column: 'email' | 'mobile', value: string, userId: string, tx?: DbOrTx) =>
      repo(tx).addressUsedByOther(column, value, userId),
    /** Live accounts, oldest first (admin). */
    list: (page: { offset: number; limit: number }) => repo().listUsers(page),
    /** Creates the row; returns its id. */
    create: (row: NewUser, tx?: DbOrTx) => repo(tx).insertUser(row),
    activate: (id: string, at: Date, tx?: DbOrTx) => write(id, tx, (r) => r.activateUser(id, at)),
    /** A new password of a live account; `activate` also activates it. False when there is none. */
    setPassword: (id: string, passwordHash: string, at: Date, activate: boolean, tx?: DbOrTx) =>
      write(id, tx, (r) => r.setPassword(id, passwordHash, at, activate)),
    recordLogin: (id: string, at: Date, passwordHash?: string, tx?: DbOrTx) =>
      write(id, tx, (r) => r.recordLogin(id, at, passwordHash)),
    setFavicon: (id: string, favicon: string, at: Date, tx?: DbOrTx) =>
      write(id, tx, (r) => r.setFavicon(id, favicon, at)),
    /** The cloud storage service's measure of the account's usage, unless an older one than kept. */
    async recordStorageUsage(id: string, usedBytes: number, measuredAt: Date, tx?: DbOrTx) {
      const result = await repo(tx).recordStorageUsage(id, usedBytes, measuredAt);
      if (result === 'recorded') await d.changes.userChanged(id, tx);
      return result;
    },
    update: (id: string, patch: UserPatch, at: Date, tx?: DbOrTx) => write(id, tx, (r) => r.updateUser(id, patch, at)),
    anonymise: (id: string, at: Date, tx?: DbOrTx) => write(id, tx, (r) => r.anonymiseUser(id, at)),
    /** Blocks (`blockedAt`) or unblocks (null) a live account; false when there is none. */
    setBlocked: (id: string, blockedAt: Date | null, at: Date, tx?: DbOrTx) =>
      write(id, tx, (r) => r.setBlocked(id, blockedAt, at)),
    search: (q: UserSearch, page: { offset: number; limit: number }) => repo().searchUsers(q, page),
  };
}
export type UserService = ReturnType<typeof createUserService>;
