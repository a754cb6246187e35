import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './hashing.ts';

/** An scrypt hash in the format the server wrote before argon2id (small N, so the test is quick). */
function legacyScrypt(password: string, logN = 10): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 2 ** logN, r: 8, p: 1 });
  return `scrypt$${logN}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

describe('password hashing', () => {
  it('hashes with argon2id (m = 19 MiB, t = 2, p = 1) and verifies', async () => {
    const stored = await hashPassword('Demo-2026-pass');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('Demo-2026-pass', stored)).toEqual({ ok: true, needsRehash: false });
    expect(await verifyPassword('Demo-2026-pasS', stored)).toEqual({ ok: false, needsRehash: false });
  });

  it('still verifies an scrypt hash and asks for a rehash', async () => {
    const stored = legacyScrypt('Demo-2026-pass');
    expect(await verifyPassword('Demo-2026-pass', stored)).toEqual({ ok: true, needsRehash: true });
    expect((await verifyPassword('wrong', stored)).ok).toBe(false);
  });

  it('asks for a rehash of argon2 with other parameters, and refuses unknown formats', async () => {
    const { hash } = await import('@node-rs/argon2');
    const weaker = await hash('Demo-2026-pass', { memoryCost: 8192, timeCost: 1, parallelism: 1 });
    expect(await verifyPassword('Demo-2026-pass', weaker)).toEqual({ ok: true, needsRehash: true });
    expect(await verifyPassword('x', 'md5$abc')).toEqual({ ok: false, needsRehash: false });
    expect(await verifyPassword('x', '$argon2id$broken')).toEqual({ ok: false, needsRehash: false });
  });
});
