/**
 * Redeem code text: 18 symbols of a 32-symbol alphabet without 0/O/1/I
 * (90 bits from a CSPRNG), shown grouped as XXXX-XXXX-XXXX-XXXX-XX.
 * Matching ignores case, dashes and spaces (normalizeRedeemCode).
 */
import { randomInt } from 'node:crypto';
import { REDEEM_CODE_ALPHABET, REDEEM_CODE_LENGTH } from '@ac/protocol/commerce';

const GROUP = 4;

export function formatRedeemCode(symbols: string): string {
  const groups: string[] = [];
  for (let i = 0; i < symbols.length; i += GROUP) groups.push(symbols.slice(i, i + GROUP));
  return groups.join('-');
}

export function generateRedeemCode(): string {
  let symbols = '';
  for (let i = 0; i < REDEEM_CODE_LENGTH; i++) symbols += REDEEM_CODE_ALPHABET[randomInt(REDEEM_CODE_ALPHABET.length)];
  return formatRedeemCode(symbols);
}

/** Serial numbers: S + the UTC date + 10 random digits (unique by primary key; callers retry a clash). */
export function newSerialNo(now: Date): string {
  const date = now.toISOString().slice(0, 10).replace(/-/g, '');
  const digits = `${randomInt(0, 100_000).toString().padStart(5, '0')}${randomInt(0, 100_000).toString().padStart(5, '0')}`;
  return `S${date}${digits}`;
}
