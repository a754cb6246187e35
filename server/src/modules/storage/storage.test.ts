/**
 * The cloud storage service's usage reports through the HTTP route: signed, refused without the
 * signature or with a stale one, applied only when newer than the measure kept (also when the same
 * accounts are reported in parallel), and seen at once in the member's userInfo.
 */
import { randomUUID } from 'node:crypto';
import { calls } from '@ac/protocol/calls';
import { Code, catalogue } from '@ac/protocol/codes';
import { httpPaths } from '@ac/protocol/http-paths';
import type { TUserInfoResponse } from '@ac/protocol/session';
import { STORAGE_SIGNATURE_HEADER } from '@ac/protocol/storage';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/commerce-fixtures.ts';
import { testAppForTests } from '../../../test/test-app.ts';
import { users } from '../../db/schema/index.ts';
import { FREE_STORAGE_BYTES } from '../memberships/memberships.service.ts';
import { storageReportHeaders } from './storage-signature.ts';

const SECRET = 'storage-service-secret-of-the-tests-0123456789';
const t = testAppForTests({ env: { STORAGE_SERVICE_SECRET: SECRET } });

type Usage = { userId: string; usedBytes: number; measuredAt: string };
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

function report(usages: Usage[], opts: { secret?: string; now?: number; body?: string } = {}) {
  const body = opts.body ?? JSON.stringify({ usages });
  return t.app.inject({
    method: 'POST',
    url: httpPaths.storageUsage,
    headers: storageReportHeaders(opts.secret ?? SECRET, body, opts.now),
    payload: body,
  });
}

const usedOf = async (userId: string) =>
  (await t.db.select({ used: users.storageUsed }).from(users).where(eq(users.id, userId)))[0]!.used;

describe('a signed usage report', () => {
  it('sets "used" and the member sees it in userInfo at once (used, surplus)', async () => {
    const who = await createAccount(t);
    // the session's snapshot is read (and kept) before the report
    const before = await t.client.call<TUserInfoResponse>(calls.session.userInfo, {}, { token: who.token });
    expect(before.data.storage.used).toBe(0);
    const res = await report([{ userId: who.userId, usedBytes: 300_000_000, measuredAt: at(1) }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: Code.ok, msg: 'ok', data: { recorded: 1, stale: 0, unknown: 0 } });
    const after = await t.client.call<TUserInfoResponse>(calls.session.userInfo, {}, { token: who.token });
    expect(after.data.storage).toEqual({
      total: FREE_STORAGE_BYTES,
      used: 300_000_000,
      surplus: FREE_STORAGE_BYTES - 300_000_000,
      free: FREE_STORAGE_BYTES,
      overQuota: false,
    });
  });

  it('over the quota: surplus 0, used above total', async () => {
    const who = await createAccount(t);
    await report([{ userId: who.userId, usedBytes: FREE_STORAGE_BYTES + 5, measuredAt: at(1) }]);
    const info = await t.client.call<TUserInfoResponse>(calls.session.userInfo, {}, { token: who.token });
    expect(info.data.storage.used).toBe(FREE_STORAGE_BYTES + 5);
    expect(info.data.storage.surplus).toBe(0);
    expect(info.data.storage.overQuota).toBe(true);
  });

  it('an older measure than the one kept changes nothing (a late or replayed report)', async () => {
    const who = await createAccount(t);
    const kept = at(2);
    await report([{ userId: who.userId, usedBytes: 500, measuredAt: kept }]);
    const late = await report([{ userId: who.userId, usedBytes: 100, measuredAt: at(3) }]);
    expect(late.json().data).toEqual({ recorded: 0, stale: 1, unknown: 0 });
    const same = await report([{ userId: who.userId, usedBytes: 100, measuredAt: kept }]);
    expect(same.json().data).toEqual({ recorded: 0, stale: 1, unknown: 0 });
    expect(await usedOf(who.userId)).toBe(500);
  });

  it('counts accounts it does not know (or deleted) without failing the rest', async () => {
    const who = await createAccount(t);
    const res = await report([
      { userId: randomUUID(), usedBytes: 1, measuredAt: at(1) },
      { userId: who.userId, usedBytes: 42, measuredAt: at(1) },
    ]);
    expect(res.json().data).toEqual({ recorded: 1, stale: 0, unknown: 1 });
    expect(await usedOf(who.userId)).toBe(42);
  });

  it('20 reports of the same accounts in parallel, in either order: the newest measure is kept', async () => {
    const a = await createAccount(t);
    const b = await createAccount(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        report(
          (i % 2 ? [a, b] : [b, a]).map((w) => ({ userId: w.userId, usedBytes: 1000 + i, measuredAt: at(30 - i) })),
        ),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await usedOf(a.userId)).toBe(1019);
    expect(await usedOf(b.userId)).toBe(1019);
  });
});

describe('refused', () => {
  const one = () => [{ userId: randomUUID(), usedBytes: 1, measuredAt: at(1) }];

  it('without a signature, or signed with another secret: 0000009, nothing changes', async () => {
    const who = await createAccount(t);
    const body = JSON.stringify({ usages: [{ userId: who.userId, usedBytes: 7, measuredAt: at(1) }] });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: httpPaths.storageUsage,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().code).toBe(Code.badSignature);
    const wrong = await report([], { secret: 'another-secret-another-secret-another-secret', body });
    expect(wrong.json().code).toBe(Code.badSignature);
    // the signature covers the body: the same headers with another body are refused
    const headers = storageReportHeaders(SECRET, body);
    const tampered = await t.app.inject({
      method: 'POST',
      url: httpPaths.storageUsage,
      headers: { ...headers, [STORAGE_SIGNATURE_HEADER]: headers[STORAGE_SIGNATURE_HEADER]! },
      payload: body.replace('"usedBytes":7', '"usedBytes":9'),
    });
    expect(tampered.json().code).toBe(Code.badSignature);
    expect(await usedOf(who.userId)).toBe(0);
  });

  it('signed more than five minutes away from our clock: 0000010', async () => {
    const res = await report(one(), { now: Date.now() - 6 * 60_000 });
    expect(res.json().code).toBe(Code.replayedRequest);
  });

  it('a body not of the report shape: 0000002 naming the field', async () => {
    for (const body of [
      'not json',
      JSON.stringify({ usages: [] }),
      JSON.stringify({ usages: [{ userId: 'x', usedBytes: 1, measuredAt: at(1) }] }),
      JSON.stringify({ usages: [{ userId: randomUUID(), usedBytes: -1, measuredAt: at(1) }] }),
      JSON.stringify({ usages: [{ userId: randomUUID(), usedBytes: 1, measuredAt: 'yesterday' }] }),
    ]) {
      const res = await report([], { body });
      expect(res.statusCode, body).toBe(catalogue[Code.invalidParam].status);
      expect(res.json().code, body).toBe(Code.invalidParam);
    }
  });
});

describe('a server without STORAGE_SERVICE_SECRET', () => {
  const bare = testAppForTests();
  it('answers 0000007 to any report, signed or not', async () => {
    const body = JSON.stringify({ usages: [{ userId: randomUUID(), usedBytes: 1, measuredAt: at(1) }] });
    const res = await bare.app.inject({
      method: 'POST',
      url: httpPaths.storageUsage,
      headers: storageReportHeaders(SECRET, body),
      payload: body,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(Code.notFound);
  });
});
