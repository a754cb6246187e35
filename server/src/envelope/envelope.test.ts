import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import {
  buildSecret,
  bytesToBase64,
  encryptPayload,
  generateKey,
  MAX_BODY_BYTES,
  signPayload,
} from '@ac/protocol/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultClientInfo } from '../../test/envelope-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { aesKeys } from '../db/schema/index.ts';
import { sha256Hex } from '../lib/hashing.ts';

const CALL = calls.nodes.list;
const PATH = CALL.path;
let t: TestApp;
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  key = await t.client.key();
});
afterAll(() => t.close());

function envelope(data: string, secret = buildSecret(key), extra: object = {}) {
  return { data, clientInfo: defaultClientInfo, style: '1', secret, ...extra };
}

async function expectRefused(body: unknown, code: string, headers?: Record<string, string>) {
  const res = await t.client.raw(PATH, body, { headers });
  expect(res.statusCode).toBeLessThan(500);
  expect(res.json()).toMatchObject({ code });
  expect(res.json()).not.toHaveProperty('bizData');
  return res;
}

describe('encrypted envelope', () => {
  it('answers an encrypted call with an encrypted answer under the same key', async () => {
    const res = await t.client.call(CALL, {});
    expect(res.status).toBe(200);
    expect(res.code).toBe(Code.ok);
    expect(res.data.rows.map((r) => r.code)).toEqual(['us']);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('issues keys that are stored only as hashes', async () => {
    const fresh = await t.client.fetchKey();
    const rows = await t.db.select().from(aesKeys);
    expect(rows.some((r) => r.keyHash === sha256Hex(fresh))).toBe(true);
    expect(rows.some((r) => r.keyHash === fresh)).toBe(false);
  });

  it('refuses a key the server never issued (0000004)', async () => {
    const forged = generateKey();
    await expectRefused(envelope(encryptPayload(forged, {}), buildSecret(forged)), Code.keyExpired);
  });

  it('refuses an expired key (0000004)', async () => {
    const old = generateKey();
    await t.db.insert(aesKeys).values({ keyHash: sha256Hex(old), expiresAt: new Date(Date.now() - 1000) });
    await expectRefused(envelope(encryptPayload(old, {}), buildSecret(old)), Code.keyExpired);
  });

  it('refuses bad base64, bad padding, undecryptable JSON and a malformed secret (0000003)', async () => {
    await expectRefused(envelope('%%% not base64 %%%'), Code.badEnvelope);
    await expectRefused(envelope(bytesToBase64(new Uint8Array(17))), Code.badEnvelope);
    await expectRefused(envelope(encryptPayload(generateKey(), { a: 1 })), Code.badEnvelope);
    await expectRefused(envelope(encryptPayload(key, {}), 'short'), Code.badEnvelope);
  });

  it('refuses a wrong envelope shape and non-JSON bodies (0000003)', async () => {
    await expectRefused({ data: 1 }, Code.badEnvelope);
    await expectRefused({ data: '', clientInfo: {} }, Code.badEnvelope);
    await expectRefused('[1,2', Code.badEnvelope, { 'content-type': 'application/json' });
    await expectRefused('hello', Code.badEnvelope, { 'content-type': 'text/plain' });
  });

  it('refuses a payload of the wrong shape naming the field (0000002)', async () => {
    const res = await t.client.call(calls.session.login, { account: '', password: 5 });
    expect(res.status).toBe(200);
    expect(res.code).toBe(Code.invalidParam);
    expect(res.msg).toMatch(/account/);
    expect(res.msg).toMatch(/password/);
  });

  it('refuses an oversized body with 413 and 0000008', async () => {
    const res = await t.client.raw(PATH, envelope('A'.repeat(MAX_BODY_BYTES + 16)));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: Code.payloadTooLarge });
  });

  it('refuses plain envelopes unless PROTOCOL_PLAINTEXT is set', async () => {
    await expectRefused({ data: '{}', clientInfo: defaultClientInfo, style: '0', secret: '0' }, Code.plaintextDisabled);
    const plain = await createTestApp({ env: { PROTOCOL_PLAINTEXT: 'true' } });
    try {
      const res = await plain.client.raw(PATH, { data: '{}', clientInfo: defaultClientInfo, style: '0', secret: '0' });
      expect(res.json()).toMatchObject({ code: Code.ok, bizData: { rows: [{ code: 'us' }] } });
    } finally {
      await plain.close();
    }
  });

  it('refuses a cross-site Origin but accepts its own', async () => {
    const body = envelope(encryptPayload(key, {}));
    await expectRefused(body, Code.forbiddenOrigin, { origin: 'https://evil.example' });
    const ok = await t.client.raw(PATH, body, { headers: { origin: 'http://127.0.0.1:8080' } });
    expect(ok.json()).toMatchObject({ code: Code.ok });
  });

  it('answers unknown API paths with 404 and 0000007', async () => {
    const res = await t.client.raw(`${calls.session.userInfo.path}/nothing/here`, envelope(encryptPayload(key, {})));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: Code.notFound });
  });
});

describe('signed envelope variant', () => {
  function signedRequest(payload: unknown, opts: { date?: string; id?: string; tamper?: boolean; salt?: string } = {}) {
    const date = opts.date ?? new Date().toISOString();
    const body = encryptPayload(key, { data: payload, clientInfo: defaultClientInfo });
    const sign = signPayload(opts.tamper ? `${body}x` : body, date, '');
    return {
      body: { sign, key: body },
      headers: {
        'request-date': date,
        'request-id': opts.id ?? crypto.randomUUID(),
        'request-salt': opts.salt ?? buildSecret(key),
      },
    };
  }

  it('answers {rtnCode, msg, bizData:{sign, key}} whose key decrypts to {code, data, msg}', async () => {
    const { decryptPayload } = await import('@ac/protocol/envelope');
    const req = signedRequest({});
    const res = await t.client.raw(PATH, req.body, { headers: req.headers });
    const answer = res.json() as { rtnCode: string; bizData: { sign: string; key: string } };
    expect(answer.rtnCode).toBe(Code.ok);
    expect(answer.bizData.sign).toBe(signPayload(answer.bizData.key, req.headers['request-date'], ''));
    expect(decryptPayload(key, answer.bizData.key)).toMatchObject({ code: Code.ok, data: { rows: [{ code: 'us' }] } });
  });

  it('refuses a bad signature (0000009)', async () => {
    const req = signedRequest({}, { tamper: true });
    const res = await t.client.raw(PATH, req.body, { headers: req.headers });
    expect(res.json()).toMatchObject({ rtnCode: Code.badSignature });
  });

  it('refuses a reused Request-Id and a stale Request-Date (0000010)', async () => {
    const req = signedRequest({}, { id: 'fixed-id-1' });
    expect((await t.client.raw(PATH, req.body, { headers: req.headers })).json()).toMatchObject({ rtnCode: Code.ok });
    const again = signedRequest({}, { id: 'fixed-id-1' });
    expect((await t.client.raw(PATH, again.body, { headers: again.headers })).json()).toMatchObject({
      rtnCode: Code.replayedRequest,
    });
    const stale = signedRequest({}, { date: new Date(Date.now() - 6 * 60_000).toISOString() });
    expect((await t.client.raw(PATH, stale.body, { headers: stale.headers })).json()).toMatchObject({
      rtnCode: Code.replayedRequest,
    });
  });

  it('refuses an unknown key in Request-Salt (0000004)', async () => {
    const req = signedRequest({}, { salt: buildSecret(generateKey()) });
    expect((await t.client.raw(PATH, req.body, { headers: req.headers })).json()).toMatchObject({
      rtnCode: Code.keyExpired,
    });
  });
});
