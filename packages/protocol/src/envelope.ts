/**
 * The v5 wire envelope (docs/protocol.md#envelope): AES-128-ECB/PKCS7 payloads keyed by a
 * per-session key, and the secret that carries the key. Pure functions, no
 * I/O: the server, the web client, the benchmarks and the tests share them.
 */
import { ecb } from '@noble/ciphers/aes.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { z } from 'zod';

export const KEY_LENGTH = 16;
/** Where the six random characters are inserted into the key (§7.1). */
export const SECRET_INSERT_OFFSET = 8;
export const SECRET_NOISE_LENGTH = 6;
export const SECRET_LENGTH = KEY_LENGTH + SECRET_NOISE_LENGTH;
/** Envelope `style`: "1" encrypted, "0" plain JSON (only with PROTOCOL_PLAINTEXT). */
export const STYLE_ENCRYPTED = '1';
export const STYLE_PLAIN = '0';
/** Fixed application id mixed into the signed variant's signature (§7.2). */
export const SIGNED_APP_ID = 'gstar-account-center';
/** Largest request body the server reads, in bytes. */
export const MAX_BODY_BYTES = 256 * 1024;

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ALNUM_RE = /^[A-Za-z0-9]+$/;
const BASE64_RE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export class EnvelopeError extends Error {
  constructor(readonly reason: 'base64' | 'padding' | 'json' | 'secret') {
    super(`envelope: bad ${reason}`);
  }
}

/** `n` characters from [A-Za-z0-9], drawn from a CSPRNG without modulo bias. */
export function randomAlnum(n: number): string {
  let out = '';
  const buf = new Uint8Array(n * 2);
  while (out.length < n) {
    crypto.getRandomValues(buf);
    for (const b of buf) {
      if (b < 248 && out.length < n) out += ALNUM[b % 62];
    }
  }
  return out;
}

export function generateKey(): string {
  return randomAlnum(KEY_LENGTH);
}

export function isValidKey(key: string): boolean {
  return key.length === KEY_LENGTH && ALNUM_RE.test(key);
}

export function buildSecret(key: string, noise = randomAlnum(SECRET_NOISE_LENGTH)): string {
  return key.slice(0, SECRET_INSERT_OFFSET) + noise + key.slice(SECRET_INSERT_OFFSET);
}

/** Recovers the key from a secret; throws EnvelopeError('secret') on a malformed one. */
export function keyFromSecret(secret: string): string {
  if (secret.length !== SECRET_LENGTH || !ALNUM_RE.test(secret)) {
    throw new EnvelopeError('secret');
  }
  return secret.slice(0, SECRET_INSERT_OFFSET) + secret.slice(SECRET_INSERT_OFFSET + SECRET_NOISE_LENGTH);
}

export function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin);
}

export function base64ToBytes(text: string): Uint8Array {
  if (!BASE64_RE.test(text)) throw new EnvelopeError('base64');
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** JSON → AES-128-ECB/PKCS7 → base64. */
export function encryptPayload(key: string, value: unknown): string {
  const plain = encoder.encode(JSON.stringify(value ?? null));
  return bytesToBase64(ecb(encoder.encode(key)).encrypt(plain));
}

/** base64 → AES-128-ECB/PKCS7 → JSON; throws EnvelopeError naming what was wrong. */
export function decryptPayload(key: string, data: string): unknown {
  const cipher = base64ToBytes(data);
  if (cipher.length === 0 || cipher.length % 16 !== 0) throw new EnvelopeError('padding');
  let plain: Uint8Array;
  try {
    plain = ecb(encoder.encode(key)).decrypt(cipher);
  } catch {
    throw new EnvelopeError('padding');
  }
  try {
    return JSON.parse(decoder.decode(plain));
  } catch {
    throw new EnvelopeError('json');
  }
}

/** Signature of the signed variant: hex SHA-256 of payload + date + app id + ticket. */
export function signPayload(payload: string, requestDate: string, ticket: string): string {
  return bytesToHex(sha256(encoder.encode(payload + requestDate + SIGNED_APP_ID + ticket)));
}

export const ZClientInfo = z.object({
  clientType: z.string().min(1).max(64),
  clientVersion: z.string().min(1).max(32),
  channelCode: z.string().max(32).optional(),
  language: z.string().max(16).optional(),
  utmSource: z.string().max(128).optional(),
  deviceId: z.string().max(128).optional(),
  thirdClientType: z.string().max(64).optional(),
  thirdClientVersion: z.string().max(32).optional(),
});
export type TClientInfo = z.infer<typeof ZClientInfo>;

export const ZRequestEnvelope = z.object({
  data: z.string().max(MAX_BODY_BYTES),
  clientInfo: ZClientInfo,
  style: z.enum([STYLE_ENCRYPTED, STYLE_PLAIN]).default(STYLE_ENCRYPTED),
  secret: z.string().max(64).default(''),
});
export type TRequestEnvelope = z.infer<typeof ZRequestEnvelope>;

export const ZSignedRequestBody = z.object({
  sign: z.string().regex(/^[0-9a-f]{64}$/),
  key: z.string().max(MAX_BODY_BYTES),
});

/** The inner payload of the signed variant once decrypted. */
export const ZSignedInner = z.object({
  data: z.unknown(),
  clientInfo: ZClientInfo,
});

export type TAnswer = { code: string; msg: string; bizData?: unknown };
export type TSignedAnswer = { rtnCode: string; msg: string; bizData?: { sign: string; key: string } };
