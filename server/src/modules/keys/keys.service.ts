/**
 * Envelope keys: issued by getRsaKey, recorded hashed with an expiry, and
 * checked on every encrypted call. Valid keys are cached in memory for a
 * short while (a key is never revoked early, so the cache cannot be wrong
 * about a key being valid before its expiry).
 */
import { generateKey } from '@ac/protocol/envelope';
import type { Db } from '../../db/client.ts';
import { SIGNED_REQUEST_MAX_AGE_MS } from '../../envelope/envelope.plugin.ts';
import { sha256Hex } from '../../lib/hashing.ts';
import { addMs, DAY } from '../../lib/time.ts';
import { createKeysRepo } from './keys.repo.ts';

export const KEY_TTL_MS = 7 * DAY;
const CACHE_MAX = 50_000;

export function createKeysService(d: { db: Db; now?: () => Date }) {
  const repo = createKeysRepo(d.db);
  const now = d.now ?? (() => new Date());
  const cache = new Map<string, number>();
  let issuedSinceSweep = 0;

  return {
    async issueKey(): Promise<string> {
      const key = generateKey();
      const expiresAt = addMs(now(), KEY_TTL_MS);
      await repo.insertKey(sha256Hex(key), expiresAt);
      if (++issuedSinceSweep >= 1000) {
        issuedSinceSweep = 0;
        await repo.deleteExpiredKeys(now());
      }
      return key;
    },

    async isIssued(key: string): Promise<boolean> {
      const hash = sha256Hex(key);
      const t = now().getTime();
      const cached = cache.get(hash);
      if (cached !== undefined && cached > t) return true;
      const row = await repo.findValidKey(hash, now());
      if (!row) return false;
      if (cache.size >= CACHE_MAX) cache.clear();
      cache.set(hash, row.expiresAt.getTime());
      return true;
    },

    /** The scheduled purge: expired keys and signed-request ids past their age; returns how many went. */
    async purgeExpired(): Promise<number> {
      const keys = await repo.deleteExpiredKeys(now());
      const ids = await repo.forgetRequestIdsBefore(addMs(now(), -2 * SIGNED_REQUEST_MAX_AGE_MS));
      return keys + ids;
    },

    /** Records a signed request id; false when it was already used. */
    async acceptRequestId(requestId: string): Promise<boolean> {
      const fresh = await repo.rememberRequestId(requestId);
      if (fresh && Math.random() < 0.01) {
        await repo.forgetRequestIdsBefore(addMs(now(), -2 * SIGNED_REQUEST_MAX_AGE_MS));
      }
      return fresh;
    },
  };
}
export type KeysService = ReturnType<typeof createKeysService>;
