/**
 * The session → user snapshot: the session row, the live user, the current
 * VIP membership and the storage it grants, read in ONE prepared query (a
 * read-only join across the session, user and memberships tables, and the
 * company seats that grant now) and kept
 * per instance for a short while (SNAPSHOT_TTL_MS). Every write that changes
 * what it holds says so through UserChanges (lib/user-changes.ts): this
 * instance forgets at once, the others when the NOTIFY of the commit reaches
 * them. The cache holds nothing while the change channel is not listened to.
 */
import type { TVipInfo } from '@ac/protocol/session';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { SECOND } from '../../lib/time.ts';
import type { UserChanges } from '../../lib/user-changes.ts';
import { bestGrantSql, grantedStorageGbSql, toVipInfo } from '../memberships/best-membership.ts';

export const SNAPSHOT_TTL_MS = 5 * SECOND;
const CACHE_MAX = 50_000;

function buildQuery(db: Db) {
  const now = sql`${sql.placeholder('now')}::timestamptz`;
  return db
    .select({
      session: {
        id: sessions.id,
        userId: sessions.userId,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        revokeReason: sessions.revokeReason,
      },
      user: users,
      // the current membership and the storage of the grants (memberships/best-membership.ts)
      vip: bestGrantSql(sql`${sessions.userId}`, now),
      storageGb: grantedStorageGbSql(sql`${sessions.userId}`, now),
    })
    .from(sessions)
    .leftJoin(users, and(eq(users.id, sessions.userId), isNull(users.deletedAt)))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_snapshot');
}

type Row = Awaited<ReturnType<ReturnType<typeof buildQuery>['execute']>>[number];

export type SessionSnapshot = {
  session: Row['session'];
  /** The live user, or null when the account is gone. */
  user: Row['user'];
  vipInfo: TVipInfo | null;
  /** GiB granted by the memberships not yet ended. */
  storageGb: number;
};

type Entry = SessionSnapshot & { until: number };

function toSnapshot(row: Row): SessionSnapshot {
  return { session: row.session, user: row.user, storageGb: Number(row.storageGb ?? 0), vipInfo: toVipInfo(row.vip) };
}

export function createSessionSnapshots(d: { db: Db; changes: UserChanges; ttlMs?: number; now?: () => Date }) {
  const now = d.now ?? (() => new Date());
  const ttl = d.ttlMs ?? SNAPSHOT_TTL_MS;
  const query = buildQuery(d.db);
  const entries = new Map<string, Entry>();
  const byUser = new Map<string, Set<string>>();
  /** Bumped by every change: a load that started before one is not kept. */
  let epoch = 0;
  let listening = false;

  function forget(userId: string | null) {
    epoch++;
    if (userId === null) {
      entries.clear();
      byUser.clear();
      return;
    }
    for (const hash of byUser.get(userId) ?? []) entries.delete(hash);
    byUser.delete(userId);
  }
  d.changes.onChange(forget);

  function keep(hash: string, snapshot: SessionSnapshot, at: number) {
    if (entries.size >= CACHE_MAX) forget(null);
    entries.set(hash, { ...snapshot, until: at + ttl });
    const userId = snapshot.session.userId;
    const set = byUser.get(userId) ?? new Set<string>();
    set.add(hash);
    byUser.set(userId, set);
  }

  return {
    /** The snapshot of a session token's hash, or null when there is no such session. */
    async get(tokenHash: string): Promise<SessionSnapshot | null> {
      const at = now();
      const cached = entries.get(tokenHash);
      if (cached && cached.until > at.getTime()) return cached;
      const started = epoch;
      const [row] = await query.execute({ tokenHash, now: at.toISOString() });
      if (!row) return null;
      const snapshot = toSnapshot(row);
      if (listening && started === epoch) keep(tokenHash, snapshot, at.getTime());
      return snapshot;
    },
    /** The session's sliding expiry moved (the cached copy follows). */
    touched(tokenHash: string, lastSeenAt: Date, expiresAt: Date) {
      const cached = entries.get(tokenHash);
      if (cached) cached.session = { ...cached.session, lastSeenAt, expiresAt };
    },
    /** Whether the change channel is heard; the cache keeps nothing while it is not. */
    setListening(on: boolean) {
      listening = on;
      forget(null);
    },
  };
}
export type SessionSnapshots = ReturnType<typeof createSessionSnapshots>;
