/**
 * The envelope's AES-128-ECB/PKCS7 + base64 + JSON (packages/protocol/src/envelope.ts)
 * through node:crypto (OpenSSL) instead of @noble/ciphers: the same functions,
 * the same answers and the same EnvelopeError reasons, several times faster on
 * the server's hot path. Browsers and the SDK keep the protocol package's version.
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { EnvelopeError } from '@ac/protocol/envelope';

const BASE64_RE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const decoder = new TextDecoder('utf-8', { fatal: true });

/** JSON → AES-128-ECB/PKCS7 → base64. */
export function encryptPayload(key: string, value: unknown): string {
  return encryptJson(key, JSON.stringify(value ?? null));
}

/** encryptPayload of a value already written as JSON. */
export function encryptJson(key: string, json: string): string {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([cipher.update(json, 'utf8'), cipher.final()]).toString('base64');
}

/** base64 → AES-128-ECB/PKCS7 → JSON; throws EnvelopeError naming what was wrong. */
export function decryptPayload(key: string, data: string): unknown {
  if (!BASE64_RE.test(data)) throw new EnvelopeError('base64');
  const cipherText = Buffer.from(data, 'base64');
  if (cipherText.length === 0 || cipherText.length % 16 !== 0) throw new EnvelopeError('padding');
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
    plain = Buffer.concat([decipher.update(cipherText), decipher.final()]);
  } catch {
    throw new EnvelopeError('padding');
  }
  try {
    return JSON.parse(decoder.decode(plain));
  } catch {
    throw new EnvelopeError('json');
  }
}
