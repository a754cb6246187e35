/**
 * Malformed envelopes, as compact descriptions (so a failing case prints
 * short) that `buildEnvelopeRequest` turns into a request under a real
 * issued key: bad base64 and padding, truncated or foreign ciphertext,
 * wrong secrets, unknown keys, wrong `style`, wrong types of every field,
 * bodies over the limit, deep nesting, prototype keys, invalid UTF-8, wrong
 * content types, broken signed envelopes and garbage session tokens.
 */
import { createCipheriv } from 'node:crypto';
import {
  buildSecret,
  generateKey,
  MAX_BODY_BYTES,
  STYLE_ENCRYPTED,
  STYLE_PLAIN,
  type TClientInfo,
} from '@ac/protocol/envelope';
import fc from 'fast-check';
import { encryptPayload } from '../../src/envelope/aes.ts';
import { defaultClientInfo } from '../envelope-client.ts';
import { POLLUTION, PROTOTYPE_KEYS } from './payload-arbitraries.ts';

export type RawRequest = {
  path: string;
  body: string | Buffer;
  headers: Record<string, string>;
  token?: string;
};

/** `refuse`: the answer must not be a success; `any`: any catalogue answer (the malformation may be harmless). */
export type EnvelopeCase = { category: string; expect: 'refuse' | 'any'; spec: Spec };

type Spec =
  | { t: 'data'; data: string }
  | { t: 'cipher'; how: 'truncate' | 'flip' | 'append' | 'foreign-key' | 'raw-bytes'; n: number; bytes?: number[] }
  | { t: 'secret'; secret: unknown }
  | { t: 'field'; field: string; value: unknown }
  | { t: 'client-field'; field: string; value: unknown }
  | { t: 'extra'; key: string; value: unknown }
  | { t: 'huge'; extra: number; where: 'data' | 'extra' }
  | { t: 'deep'; depth: number; shape: 'array' | 'object'; where: 'data' | 'clientInfo' | 'extra' | 'payload' }
  | { t: 'proto'; key: string; where: 'body' | 'clientInfo' | 'payload' | 'payload-deep' }
  | { t: 'utf8'; bytes: readonly number[]; where: 'clientType' | 'data' | 'payload' }
  | { t: 'content-type'; type: string | null }
  | { t: 'signed'; sign: unknown; key: unknown; headers: Record<string, string> }
  | { t: 'token'; token: string; cookie: boolean }
  | { t: 'not-json'; text: string };

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const junkTypes = fc.constantFrom<unknown>(null, 0, 1, -1, true, false, [], {}, [''], { a: 1 }, 1e308, '');
const junk = fc.oneof(junkTypes, fc.string({ maxLength: 20 }), fc.jsonValue({ maxDepth: 2 }));

const badBase64 = fc.oneof(
  // characters outside the alphabet
  fc.string({ minLength: 1, maxLength: 64 }).filter((s) => /[^A-Za-z0-9+/=]/.test(s)),
  // wrong length or padding
  fc
    .string({ unit: fc.constantFrom(...BASE64_ALPHABET), minLength: 1, maxLength: 63 })
    .map((s) => (s.length % 4 === 0 ? `${s}=` : s)),
  fc.constantFrom('=', '==', '====', 'AA=A', 'A===', 'AAAA====', 'AAA==', '-_-_', 'AAAA\nAAAA', ' AAAA'),
);

const invalidUtf8 = fc.oneof(
  fc.constantFrom([0xff], [0xc3, 0x28], [0xe2, 0x28, 0xa1], [0xf0, 0x28, 0x8c, 0x28], [0xc0, 0xaf], [0xed, 0xa0, 0x80]),
  fc.array(fc.integer({ min: 0x80, max: 0xff }), { minLength: 1, maxLength: 8 }),
);

const contentTypes = fc.constantFrom<string | null>(
  null,
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'application/octet-stream',
  '*/*',
  'application/json, text/plain',
  ';;;',
);

/** One arbitrary per category (the harness lets them take turns, so a few runs reach each). */
export function envelopeCaseArbs(): fc.Arbitrary<EnvelopeCase>[] {
  const c = (category: string, expect: EnvelopeCase['expect'], spec: fc.Arbitrary<Spec>) =>
    spec.map((s) => ({ category, expect, spec: s }));
  return [
    c(
      'bad base64',
      'refuse',
      badBase64.map((data) => ({ t: 'data', data })),
    ),
    c(
      'wrong padding / truncated ciphertext',
      'refuse',
      fc.record({
        t: fc.constant('cipher' as const),
        how: fc.constantFrom('truncate', 'flip', 'append', 'raw-bytes' as const),
        n: fc.integer({ min: 1, max: 47 }),
      }),
    ),
    c('wrong key', 'refuse', fc.constant({ t: 'cipher', how: 'foreign-key', n: 0 } as const)),
    c(
      'wrong secret',
      'refuse',
      fc.oneof(junk, fc.string({ minLength: 22, maxLength: 22 }), fc.constant('never-issued')).map((secret) => ({
        t: 'secret' as const,
        secret,
      })),
    ),
    c(
      'wrong style',
      'refuse',
      fc
        .oneof(
          junk.filter((v) => v !== undefined),
          fc.string({ maxLength: 3 }),
        )
        .filter((style) => style !== STYLE_ENCRYPTED && style !== STYLE_PLAIN)
        .map((value) => ({ t: 'field', field: 'style', value }) as const),
    ),
    c('plain style while disabled', 'refuse', fc.constant({ t: 'field', field: 'style', value: STYLE_PLAIN } as const)),
    c(
      'wrong field type',
      'refuse',
      fc.oneof(
        fc.record({
          t: fc.constant('field' as const),
          field: fc.constantFrom('data', 'clientInfo'),
          value: junkTypes.filter((v) => typeof v !== 'string'),
        }),
        fc.record({
          t: fc.constant('field' as const),
          field: fc.constantFrom('data', 'clientInfo', 'style', 'secret'),
          value: fc.constant(undefined),
        }),
        fc.record({
          t: fc.constant('client-field' as const),
          field: fc.constantFrom('clientType', 'clientVersion'),
          value: fc.oneof(
            junkTypes.filter((v) => typeof v !== 'string' || v === ''),
            fc.constant('x'.repeat(65)),
          ),
        }),
        fc.record({
          t: fc.constant('client-field' as const),
          field: fc.constantFrom(
            'channelCode',
            'language',
            'utmSource',
            'deviceId',
            'thirdClientType',
            'thirdClientVersion',
          ),
          value: fc.oneof(
            junkTypes.filter((v) => typeof v !== 'string' && v !== undefined),
            fc.constant('x'.repeat(200)),
          ),
        }),
      ),
    ),
    c(
      'unknown top-level key',
      'any',
      fc.record({
        t: fc.constant('extra' as const),
        key: fc
          .string({ minLength: 1, maxLength: 12 })
          .filter((k) => k !== 'sign' && !PROTOTYPE_KEYS.includes(k as never)),
        value: junk,
      }),
    ),
    c(
      'body over the limit',
      'refuse',
      fc.record({
        t: fc.constant('huge' as const),
        extra: fc.integer({ min: 1, max: 64 * 1024 }),
        where: fc.constantFrom('data', 'extra' as const),
      }),
    ),
    c(
      'deep nesting',
      'any',
      fc.record({
        t: fc.constant('deep' as const),
        depth: fc.oneof(fc.integer({ min: 100, max: 10_000 }), fc.constant(10_000)),
        shape: fc.constantFrom('array', 'object' as const),
        where: fc.constantFrom('data', 'clientInfo', 'extra', 'payload' as const),
      }),
    ),
    c(
      'prototype keys',
      'any',
      fc.record({
        t: fc.constant('proto' as const),
        key: fc.constantFrom(...PROTOTYPE_KEYS),
        where: fc.constantFrom('body', 'clientInfo', 'payload', 'payload-deep' as const),
      }),
    ),
    c(
      'invalid UTF-8',
      'any',
      fc.record({
        t: fc.constant('utf8' as const),
        bytes: invalidUtf8,
        where: fc.constantFrom('clientType', 'data', 'payload' as const),
      }),
    ),
    c(
      'wrong content type',
      'any',
      contentTypes.map((type) => ({ t: 'content-type', type }) as const),
    ),
    c(
      'not JSON',
      'refuse',
      fc
        .oneof(fc.string({ maxLength: 40 }), fc.constantFrom('', '{', '[1,2', 'null', '"x"', '{"data":', '\u0000'))
        .map((text) => ({ t: 'not-json', text }) as const),
    ),
    c(
      'broken signed envelope',
      'refuse',
      fc.record({
        t: fc.constant('signed' as const),
        sign: fc.oneof(
          junk,
          fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 }),
          fc.constant('0'.repeat(64)),
        ),
        key: fc.oneof(junk, badBase64),
        headers: fc.record(
          {
            'request-date': fc.oneof(
              fc.string({ maxLength: 20 }),
              fc.constantFrom('0', '-1', '99999999999999999999', 'Tue, 01 Jan 2030 00:00:00 GMT'),
            ),
            'request-id': fc.oneof(fc.string({ maxLength: 8 }), fc.constant('r'.repeat(200))),
            'request-salt': fc.oneof(fc.string({ maxLength: 30 }), fc.constant('never-issued')),
          },
          { requiredKeys: [] },
        ),
      }),
    ),
    c(
      'garbage session token',
      'any',
      fc.record({
        t: fc.constant('token' as const),
        token: fc.oneof(
          fc.string({ minLength: 1, maxLength: 80 }),
          fc.constant('t'.repeat(5000)),
          fc.constantFrom('null', 'undefined', '[object Object]', "' or 1=1 --", '../../etc/passwd'),
        ),
        cookie: fc.boolean(),
      }),
    ),
  ];
}

function rawEncrypt(key: string, plain: Buffer): string {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64');
}

function nest(depth: number, shape: 'array' | 'object', inner = 'null'): string {
  return shape === 'array'
    ? `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;
}

function protoJson(key: string): string {
  const pollution = JSON.stringify(POLLUTION);
  return key === 'constructor' ? `{"prototype":${pollution}}` : pollution;
}

/** Replaces the quoted marker in a JSON text with raw JSON. */
function splice(json: string, marker: string, raw: string): string {
  return json.replace(JSON.stringify(marker), raw);
}

/** The request a case describes, built around a valid payload of `path` under the issued `key`. */
export function buildEnvelopeRequest(
  c: EnvelopeCase,
  path: string,
  key: string,
  payload: unknown,
  clientInfo: TClientInfo = defaultClientInfo,
): RawRequest {
  const s = c.spec;
  const base: Record<string, unknown> = {
    data: encryptPayload(key, payload),
    clientInfo: { ...clientInfo },
    style: STYLE_ENCRYPTED,
    secret: buildSecret(key),
  };
  const json = (body: unknown) => ({
    path,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  switch (s.t) {
    case 'data':
      return json({ ...base, data: s.data });
    case 'cipher': {
      const bytes = Buffer.from(base.data as string, 'base64');
      let data: string;
      if (s.how === 'truncate') data = bytes.subarray(0, Math.max(1, bytes.length - s.n)).toString('base64');
      else if (s.how === 'append') data = Buffer.concat([bytes, Buffer.alloc(s.n, 7)]).toString('base64');
      else if (s.how === 'flip') {
        const copy = Buffer.from(bytes);
        const at = copy.length - 1 - (s.n % copy.length);
        copy[at] = (copy[at] ?? 0) ^ 0x5a;
        data = copy.toString('base64');
      } else if (s.how === 'foreign-key') data = encryptPayload(generateKey(), payload);
      else data = Buffer.alloc(16 * Math.ceil(s.n / 16), s.n).toString('base64');
      if (s.how === 'flip' && data === base.data) data = `${data}A`;
      return json({ ...base, data });
    }
    case 'secret': {
      const secret = s.secret === 'never-issued' ? buildSecret(generateKey()) : s.secret;
      return json({ ...base, secret: secret === buildSecret(key) ? 'x' : secret });
    }
    case 'field': {
      const body = { ...base, [s.field]: s.value };
      return json(body);
    }
    case 'client-field':
      return json({ ...base, clientInfo: { ...(base.clientInfo as object), [s.field]: s.value } });
    case 'extra':
      return json({ ...base, [s.key]: s.value });
    case 'huge': {
      const size = MAX_BODY_BYTES + s.extra;
      const body = s.where === 'data' ? { ...base, data: 'A'.repeat(size) } : { ...base, padding: 'x'.repeat(size) };
      return json(body);
    }
    case 'deep': {
      const raw = nest(s.depth, s.shape);
      if (s.where === 'payload') {
        return json({ ...base, data: rawEncrypt(key, Buffer.from(splice(JSON.stringify({ v: '@' }), '@', raw))) });
      }
      const field = s.where === 'extra' ? 'deep' : s.where;
      return {
        ...json({ ...base, [field]: '@deep@' }),
        body: splice(JSON.stringify({ ...base, [field]: '@deep@' }), '@deep@', raw),
      };
    }
    case 'proto': {
      const raw = `{${JSON.stringify(s.key)}:${protoJson(s.key)}}`;
      if (s.where === 'body') {
        const text = JSON.stringify(base);
        return { ...json(base), body: `{${JSON.stringify(s.key)}:${protoJson(s.key)},${text.slice(1)}` };
      }
      if (s.where === 'clientInfo') {
        const info = JSON.stringify(base.clientInfo);
        const text = splice(
          JSON.stringify({ ...base, clientInfo: '@ci@' }),
          '@ci@',
          `{${JSON.stringify(s.key)}:${protoJson(s.key)},${info.slice(1)}`,
        );
        return { ...json(base), body: text };
      }
      const inner = JSON.stringify(payload ?? {});
      const plain =
        s.where === 'payload' && inner.startsWith('{')
          ? `{${JSON.stringify(s.key)}:${protoJson(s.key)}${inner.length > 2 ? ',' : ''}${inner.slice(1)}`
          : splice(JSON.stringify({ nested: { deeper: '@p@' } }), '@p@', raw);
      return json({ ...base, data: rawEncrypt(key, Buffer.from(plain)) });
    }
    case 'utf8': {
      const bad = Buffer.from(s.bytes);
      if (s.where === 'payload') {
        const plain = Buffer.concat([Buffer.from('{"x":"'), bad, Buffer.from('"}')]);
        return json({ ...base, data: rawEncrypt(key, plain) });
      }
      const marker = '@utf8@';
      const text =
        s.where === 'clientType'
          ? JSON.stringify({ ...base, clientInfo: { ...(base.clientInfo as object), clientType: marker } })
          : JSON.stringify({ ...base, data: marker });
      const [before = '', after = ''] = text.split(marker);
      return { ...json(base), body: Buffer.concat([Buffer.from(before), bad, Buffer.from(after)]) };
    }
    case 'content-type': {
      const headers: Record<string, string> = {};
      if (s.type) headers['content-type'] = s.type;
      return { path, body: JSON.stringify(base), headers };
    }
    case 'not-json':
      return { path, body: s.text, headers: { 'content-type': 'application/json' } };
    case 'signed': {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      for (const [k, v] of Object.entries(s.headers)) {
        headers[k] = v === 'never-issued' ? buildSecret(generateKey()) : v;
      }
      if (headers['request-date'] === undefined) headers['request-date'] = String(Date.now());
      return { path, body: JSON.stringify({ sign: s.sign, key: s.key }), headers };
    }
    case 'token':
      return s.cookie
        ? {
            ...json(base),
            headers: { 'content-type': 'application/json', cookie: `gstarsso_ticket=${encodeURIComponent(s.token)}` },
          }
        : { ...json(base), token: s.token };
  }
}
