/**
 * Order numbers: `AC` + the UTC date + 12 digits from a CSPRNG (about 40
 * bits), e.g. AC20260105384019274650 — unique by primary key (callers retry
 * on a clash) and not guessable from a neighbour. Digits only, so every
 * gateway accepts them as its merchant order number.
 */
import { randomInt } from 'node:crypto';

const RANDOM_DIGITS = 12;

function randomDigits(n: number): string {
  let out = '';
  while (out.length < n) out += randomInt(0, 1_000_000).toString().padStart(6, '0');
  return out.slice(0, n);
}

export function newOrderNo(now: Date, prefix = 'AC'): string {
  const date = now.toISOString().slice(0, 10).replace(/-/g, '');
  return `${prefix}${date}${randomDigits(RANDOM_DIGITS)}`;
}
