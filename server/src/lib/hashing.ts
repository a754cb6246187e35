/** Hashes for secrets at rest: tokens and codes (SHA-256), passwords (scrypt). */
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A random opaque token (256 bits), URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

// scrypt N = 2^17, r = 8, p = 1 (docs/protocol.md#passwords): about 128 MiB and a few hundred ms.
const PARAMS = { logN: 17, r: 8, p: 1 } as const;
const KEY_LEN = 32;

function scryptAsync(password: string, salt: Buffer, logN: number, r: number, p: number) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LEN, { N: 2 ** logN, r, p, maxmem: 256 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, PARAMS.logN, PARAMS.r, PARAMS.p);
  return `scrypt$${PARAMS.logN}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export type PasswordCheck = { ok: boolean; needsRehash: boolean };

export async function verifyPassword(password: string, stored: string): Promise<PasswordCheck> {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !r || !p || !salt || !key) {
    return { ok: false, needsRehash: false };
  }
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), +logN, +r, +p);
  const ok = actual.length === expected.length && timingSafeEqual(actual, expected);
  const needsRehash = +logN !== PARAMS.logN || +r !== PARAMS.r || +p !== PARAMS.p;
  return { ok, needsRehash };
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
