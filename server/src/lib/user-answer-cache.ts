/**
 * Answers that depend only on one user's rows (the first page of order/list,
 * product/mine), kept per instance for a short while (ANSWER_TTL_MS) and
 * forgotten on every change of that user: UserChanges (lib/user-changes.ts)
 * tells this instance at once and the others when the NOTIFY of the commit
 * reaches them; writes to the orders table say so through a trigger
 * (server/drizzle/0017_orders_notify.sql), so no write path can forget to.
 * An answer that holds a time at which it changes by itself (a membership
 * or company seat that starts or ends) is never kept past that time. The
 * cache keeps nothing while the change channel is not listened to, and no
 * load that started before a change (docs/performance.md "API").
 */
import { SECOND } from './time.ts';
import type { UserChanges } from './user-changes.ts';

export const ANSWER_TTL_MS = 5 * SECOND;
const CACHE_MAX = 50_000;

type Entry = { value: unknown; until: number };

/** A loaded answer and the time it changes by itself, if any (it is not kept past it). */
export type Loaded<V> = { value: V; changesAt?: number | null };

export function createUserAnswerCache(d: { changes: UserChanges; ttlMs?: number; now?: () => number }) {
  const now = d.now ?? Date.now;
  const ttl = d.ttlMs ?? ANSWER_TTL_MS;
  const byUser = new Map<string, Map<string, Entry>>();
  let size = 0;
  /** Bumped by every change: a load that started before one is not kept. */
  let epoch = 0;
  let listening = false;

  function forget(userId: string | null) {
    epoch++;
    if (userId === null) {
      byUser.clear();
      size = 0;
      return;
    }
    const entries = byUser.get(userId);
    if (!entries) return;
    size -= entries.size;
    byUser.delete(userId);
  }
  d.changes.onChange(forget);

  function keep(userId: string, key: string, entry: Entry) {
    if (size >= CACHE_MAX) forget(null);
    let entries = byUser.get(userId);
    if (!entries) {
      entries = new Map();
      byUser.set(userId, entries);
    }
    if (!entries.has(key)) size++;
    entries.set(key, entry);
  }

  return {
    /** The answer `key` of `userId`: kept, or loaded (and kept when nothing changed meanwhile). */
    async get<V>(userId: string, key: string, load: () => Promise<Loaded<V>>): Promise<V> {
      const at = now();
      const cached = byUser.get(userId)?.get(key);
      if (cached && cached.until > at) return cached.value as V;
      const started = epoch;
      const loaded = await load();
      const until = Math.min(at + ttl, loaded.changesAt ?? Number.POSITIVE_INFINITY);
      if (listening && started === epoch && until > at) keep(userId, key, { value: loaded.value, until });
      return loaded.value;
    },
    /**
     * Forgets `userId`'s answers on this instance now: a write of this instance (an order
     * cancelled, created) is read back by its next request, which may come before the NOTIFY of
     * the orders trigger reaches this instance.
     */
    forgetUser(userId: string) {
      forget(userId);
    },
    /** Whether the change channel is heard; the cache keeps nothing while it is not. */
    setListening(on: boolean) {
      listening = on;
      forget(null);
    },
  };
}
export type UserAnswerCache = ReturnType<typeof createUserAnswerCache>;

/** The earliest of `times` (ISO strings or epoch ms) still to come after `at`, or null. */
export function nextChangeAfter(at: number, times: Iterable<string | number | Date | null | undefined>): number | null {
  let next: number | null = null;
  for (const t of times) {
    if (t === null || t === undefined) continue;
    const ms = typeof t === 'number' ? t : new Date(t).getTime();
    if (ms > at && (next === null || ms < next)) next = ms;
  }
  return next;
}
