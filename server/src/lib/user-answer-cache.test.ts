/**
 * The per-user answer cache on its own (a fake clock, no database): kept for
 * its lifetime, never past the time its answer changes by itself, forgotten
 * on a change of its user, not kept when a change came during its load or
 * while the change channel is not heard. The same across two app instances
 * over HTTP: server/src/modules/orders/answer-cache.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createUserAnswerCache, nextChangeAfter } from './user-answer-cache.ts';
import { createUserChanges } from './user-changes.ts';

function setUp(ttlMs = 5000) {
  let clock = 1_000_000;
  const changes = createUserChanges({ db: undefined as never });
  const cache = createUserAnswerCache({ changes, ttlMs, now: () => clock });
  cache.setListening(true);
  let loads = 0;
  const loader = (changesAt?: number) => async () => ({ value: ++loads, changesAt });
  return {
    cache,
    changes,
    loader,
    advance: (ms: number) => {
      clock += ms;
    },
    at: () => clock,
  };
}

describe('the per-user answer cache', () => {
  it('keeps an answer for its lifetime, then loads again', async () => {
    const { cache, loader, advance } = setUp(5000);
    expect(await cache.get('u1', 'k', loader())).toBe(1);
    advance(4999);
    expect(await cache.get('u1', 'k', loader())).toBe(1);
    advance(1);
    expect(await cache.get('u1', 'k', loader())).toBe(2);
  });

  it('never keeps an answer past the time it changes by itself (a membership that ends)', async () => {
    const { cache, loader, advance, at } = setUp(5000);
    expect(await cache.get('u1', 'k', loader(at() + 1000))).toBe(1);
    advance(999);
    expect(await cache.get('u1', 'k', loader())).toBe(1);
    advance(1);
    expect(await cache.get('u1', 'k', loader())).toBe(2);
  });

  it('forgets every answer of a user on a change of that user only', async () => {
    const { cache, changes, loader } = setUp();
    await cache.get('u1', 'a', loader());
    await cache.get('u1', 'b', loader());
    await cache.get('u2', 'a', loader());
    changes.received('u1');
    expect(await cache.get('u1', 'a', loader())).toBe(4);
    expect(await cache.get('u1', 'b', loader())).toBe(5);
    expect(await cache.get('u2', 'a', loader())).toBe(3);
  });

  it('does not keep an answer whose load started before a change', async () => {
    const { cache, changes } = setUp();
    let release: () => void = () => {};
    const slow = cache.get('u1', 'k', async () => {
      await new Promise<void>((r) => {
        release = r;
      });
      return { value: 'old' };
    });
    changes.received('u1');
    release();
    expect(await slow).toBe('old');
    expect(await cache.get('u1', 'k', async () => ({ value: 'new' }))).toBe('new');
  });

  it('keeps nothing while the change channel is not heard', async () => {
    const { cache, loader } = setUp();
    await cache.get('u1', 'k', loader());
    cache.setListening(false);
    expect(await cache.get('u1', 'k', loader())).toBe(2);
    expect(await cache.get('u1', 'k', loader())).toBe(3);
  });

  it('finds the first time still to come in an answer', () => {
    const t = Date.parse('2026-01-01T00:00:00Z');
    expect(
      nextChangeAfter(t, ['2025-12-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z']),
    ).toBe(Date.parse('2026-02-01T00:00:00Z'));
    expect(nextChangeAfter(t, ['2025-12-01T00:00:00.000Z', null])).toBeNull();
  });
});
