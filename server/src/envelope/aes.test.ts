import * as noble from '@ac/protocol/envelope';
import { describe, expect, it } from 'vitest';
import { decryptPayload, encryptPayload } from './aes.ts';

const key = noble.generateKey();

describe('node:crypto envelope AES', () => {
  it('gives the same ciphertext as the protocol package (noble) and reads it back', () => {
    for (const value of [{}, null, { a: 1, text: 'héllo ✓', list: [1, 2, 3] }, 'x'.repeat(500)]) {
      expect(encryptPayload(key, value)).toBe(noble.encryptPayload(key, value));
      expect(decryptPayload(key, noble.encryptPayload(key, value))).toEqual(value ?? null);
      expect(noble.decryptPayload(key, encryptPayload(key, value))).toEqual(value ?? null);
    }
  });

  it('fails with the same EnvelopeError reasons', () => {
    const reason = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof noble.EnvelopeError ? e.reason : 'other';
      }
      return 'none';
    };
    const cases = ['not base64!', 'QUJD', '', noble.encryptPayload(noble.generateKey(), { a: 1 })];
    for (const data of cases) {
      expect(reason(() => decryptPayload(key, data))).toBe(reason(() => noble.decryptPayload(key, data)));
    }
    const notJson = noble.bytesToBase64(new Uint8Array(16));
    expect(reason(() => decryptPayload(key, notJson))).toBe(reason(() => noble.decryptPayload(key, notJson)));
  });
});
