import { describe, expect, it } from 'vitest';
import {
  buildSecret,
  bytesToBase64,
  decryptPayload,
  EnvelopeError,
  encryptPayload,
  generateKey,
  isValidKey,
  keyFromSecret,
  randomAlnum,
  SECRET_LENGTH,
  signPayload,
} from './envelope.ts';

describe('envelope crypto', () => {
  it('matches a known AES-128-ECB/PKCS7 vector (openssl enc -aes-128-ecb)', () => {
    // printf '{"a":1}' | openssl enc -aes-128-ecb -K 30313233343536373839616263646566 | base64
    expect(encryptPayload('0123456789abcdef', { a: 1 })).toBe('4Bu2yOikMUYfFkhodEsv7w==');
    expect(decryptPayload('0123456789abcdef', '4Bu2yOikMUYfFkhodEsv7w==')).toEqual({ a: 1 });
  });

  it('round-trips unicode, nested values and payloads longer than a block', () => {
    const key = generateKey();
    const value = { name: '张三 Ünïcødé', list: [1, 2, { deep: true }], text: 'x'.repeat(1000) };
    expect(decryptPayload(key, encryptPayload(key, value))).toEqual(value);
  });

  it('generates 16-character alphanumeric keys', () => {
    const keys = new Set(Array.from({ length: 200 }, generateKey));
    expect(keys.size).toBe(200);
    for (const k of keys) expect(isValidKey(k)).toBe(true);
    expect(randomAlnum(40)).toMatch(/^[A-Za-z0-9]{40}$/);
  });

  it('inserts six characters at offset 8 and recovers the key', () => {
    expect(buildSecret('AAAAAAAABBBBBBBB', 'xyzxyz')).toBe('AAAAAAAAxyzxyzBBBBBBBB');
    const key = generateKey();
    const secret = buildSecret(key);
    expect(secret).toHaveLength(SECRET_LENGTH);
    expect(keyFromSecret(secret)).toBe(key);
  });

  it('refuses malformed secrets', () => {
    for (const bad of ['', 'short', 'A'.repeat(23), `${'A'.repeat(21)}!`]) {
      expect(() => keyFromSecret(bad)).toThrow(EnvelopeError);
    }
  });

  it('names the failure: base64, padding, json', () => {
    const key = generateKey();
    const reason = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as EnvelopeError).reason;
      }
      return 'none';
    };
    expect(reason(() => decryptPayload(key, 'not base64!'))).toBe('base64');
    expect(reason(() => decryptPayload(key, bytesToBase64(new Uint8Array(15))))).toBe('padding');
    expect(reason(() => decryptPayload(key, ''))).toBe('padding');
    // a whole block decrypted under the wrong key: padding (almost always) or json
    expect(['padding', 'json']).toContain(reason(() => decryptPayload(generateKey(), encryptPayload(key, { a: 1 }))));
    // printf '\x01\x02' | openssl enc -aes-128-ecb -K 3031…6566: valid padding, not JSON
    expect(reason(() => decryptPayload('0123456789abcdef', 'pJwBxk6ov/1W6pyRwPkRQw=='))).toBe('json');
  });

  it('signs payload + date + app id + ticket with SHA-256', () => {
    const s = signPayload('abc', '2026-01-01T00:00:00Z', 'ticket');
    expect(s).toMatch(/^[0-9a-f]{64}$/);
    expect(signPayload('abd', '2026-01-01T00:00:00Z', 'ticket')).not.toBe(s);
  });
});
