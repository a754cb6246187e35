/**
 * The per-IP rate-limit store with REDIS_URL: counters live in Redis, so
 * every instance counts against one budget; while Redis cannot answer
 * (down, restarting, slower than REDIS_TIMEOUT_MS), each instance counts in
 * its own memory instead, so limits still apply (per instance) and the
 * server keeps serving (docs/decisions/0031-faults.md). Once Redis answers
 * again its counters are used again.
 */
/// <reference path="./fastify-rate-limit-stores.d.ts" />
// (the reference brings the stores' types to every project that compiles this file, bench's too)
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, res?: Result) => void;
type Store = FastifyRateLimitStore & {
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
};
/** Told when the store falls back to memory (`false`) and when Redis counts again (`true`). */
export type StoreStateListener = (shared: boolean, reason?: string) => void;

class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly shared: Store,
    private readonly local: Store,
    private readonly state: { shared: boolean; onState: StoreStateListener },
  ) {}

  private use(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) {
    const local = () => this.local[method](key, cb, timeWindow, max);
    // not connected: do not queue behind the reconnection, count here at once
    if (this.redis.status !== 'ready') {
      this.moved(false, `redis ${this.redis.status}`);
      return local();
    }
    this.shared[method](
      key,
      (err, res) => {
        if (err || !res) {
          this.moved(false, err?.message);
          return local();
        }
        this.moved(true);
        cb(null, res);
      },
      timeWindow,
      max,
    );
  }

  private moved(shared: boolean, reason?: string) {
    if (this.state.shared === shared) return;
    this.state.shared = shared;
    this.state.onState(shared, reason);
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number) {
    this.use('incr', key, cb, timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number) {
    this.use('read', key, cb, timeWindow, max);
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new FallbackStore(
      this.redis,
      this.shared.child(routeOptions) as Store,
      this.local.child(routeOptions) as Store,
      this.state,
    );
  }
}

/** The store class for @fastify/rate-limit's `store` option: Redis under `nameSpace`, memory as the fallback. */
export function redisWithFallbackStore(redis: Redis, nameSpace: string, onState: StoreStateListener) {
  const state = { shared: true, onState };
  return class extends FallbackStore {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number }) {
      super(
        redis,
        new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, nameSpace),
        new LocalStore(params.continueExceeding, params.exponentialBackoff, params.cache),
        state,
      );
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
