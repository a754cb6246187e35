/** Hashes for secrets at rest: tokens and codes (SHA-256), passwords (argon2id; scrypt hashes still verify). */
import { createHash, hash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { type Algorithm, hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';

/** One-shot `hash` (Node ≥ 20.12): about a third of createHash's cost for the short inputs of every call. */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}

/** A random opaque token (256 bits), URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2 as Algorithm;

// New hashes: argon2id, m = 19 MiB, t = 2, p = 1 (the OWASP minimum), a few tens of ms.
// Older scrypt hashes (N = 2^17, r = 8, p = 1) still verify and are replaced at the next login.
const ARGON2 = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1, algorithm: ARGON2ID } as const;
const ARGON2_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;
const KEY_LEN = 32;

function scryptAsync(password: string, salt: Buffer, logN: number, r: number, p: number) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LEN, { N: 2 ** logN, r, p, maxmem: 256 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password.normalize('NFKC'), { ...ARGON2, outputLen: KEY_LEN });
}

/** `needsRehash`: the hash is not argon2id with today's parameters (an scrypt hash, or older argon2 settings). */
export type PasswordCheck = { ok: boolean; needsRehash: boolean };

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, logN, r, p, salt, key] = stored.split('$');
  if (!logN || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), +logN, +r, +p);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export async function verifyPassword(password: string, stored: string): Promise<PasswordCheck> {
  if (stored.startsWith('scrypt$')) return { ok: await verifyScrypt(password, stored), needsRehash: true };
  if (!stored.startsWith('$argon2')) return { ok: false, needsRehash: false };
  let ok: boolean;
  try {
    ok = await argon2Verify(stored, password.normalize('NFKC'));
  } catch {
    return { ok: false, needsRehash: false };
  }
  return { ok, needsRehash: !stored.startsWith(ARGON2_PREFIX) };
}

/** A hash of a fixed password, verified when the account is unknown so timing does not tell. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
}

/** Compares two secrets in constant time (through their SHA-256, so lengths do not leak either). */
export function secretsEqual(given: string, expected: string): boolean {
  return timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());
}
