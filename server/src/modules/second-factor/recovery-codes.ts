/**
 * Recovery codes: ten random codes of ten characters (about 50 bits each),
 * shown once as `xxxxx-xxxxx`, stored as SHA-256 bound to their subject;
 * typed in any case, with or without spaces and the hyphen.
 */
import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@ac/protocol/two-factor';
import { sha256Hex } from '../../lib/hashing.ts';
import type { Subject } from './subject.ts';

/** No 0/o, 1/l/i: nothing to confuse when copied by hand. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The code as stored, or null when it cannot be a recovery code. */
export function recoveryCodeHash(subject: Subject, typed: string): string | null {
  const code = typed.toLowerCase().replace(/[\s-]/g, '');
  if (code.length !== LENGTH || [...code].some((c) => !ALPHABET.includes(c))) return null;
  return sha256Hex(`recovery:${subject.kind}:${subject.id}:${code}`);
}
