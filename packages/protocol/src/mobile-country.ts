/**
 * The country calling code of a mobile number (`+447911123456` → `44`, a mainland number written
 * without it → `86`), from libphonenumber-js's metadata; null when it is not a mobile number.
 * The server's limits on text messages abroad count by it (docs/protocol.md#verification-codes).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { normalizeMobile } from './common.ts';

export function callingCodeOf(mobile: string): string | null {
  const e164 = normalizeMobile(mobile);
  return (e164 && parsePhoneNumberFromString(e164)?.countryCallingCode) || null;
}
