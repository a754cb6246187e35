/**
 * How a stored mobile number is shown (docs/protocol.md, "Mobile numbers"). Numbers are stored and
 * sent in E.164 (`normalizeMobile`, common.ts); pages, mails and texts show a mainland China number
 * as people write it there (`138 0000 0000`) and any other with its country code in international
 * form (`+852 5123 4567`, `+1 201 555 0123`), grouped by libphonenumber-js's metadata. Whatever is
 * not a mobile number in `normalizeMobile`'s sense, or not a possible number of its country, is
 * shown as it is. libphonenumber-js's metadata weighs about 30 KiB: only the pages showing a number
 * load it (web/vite.config.ts keeps this module out of the shared chunk); a hint without it is
 * `maskMobile` (common.ts).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { normalizeMobile } from './common.ts';

const MAINLAND = '86';

function parsed(stored: string) {
  const e164 = normalizeMobile(stored);
  const number = e164 ? parsePhoneNumberFromString(e164) : undefined;
  return number?.isPossible() ? number : undefined;
}

/** `+8613800000000` → `138 0000 0000`; `+85251234567` → `+852 5123 4567`; anything else unchanged. */
export function formatMobile(stored: string): string {
  const number = parsed(stored);
  if (!number) return stored;
  return number.countryCallingCode === MAINLAND ? number.formatNational() : number.formatInternational();
}
