/**
 * How a stored mobile number is shown (docs/protocol.md, "Mobile numbers"). Numbers are stored and
 * sent in E.164 (`normalizeMobile`, common.ts); pages, mails and texts show a mainland China number
 * as people write it there (`138 0000 0000`) and any other with its country code in international
 * form (`+852 5123 4567`, `+1 201 555 0123`), grouped by libphonenumber-js's metadata. Whatever is
 * not a mobile number in `normalizeMobile`'s sense, or not a possible number of its country, is
 * shown as it is.
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

/**
 * The number with its middle hidden, as a default nickname and where only a hint is shown:
 * `+8613911112222` → `139****2222` (the national digits), `+12015550123` → `+12****0123`.
 */
export function maskMobile(stored: string): string {
  const e164 = normalizeMobile(stored) ?? stored;
  const m = e164.startsWith(`+${MAINLAND}`) ? e164.slice(MAINLAND.length + 1) : e164;
  return m.length > 7 ? `${m.slice(0, 3)}****${m.slice(-4)}` : m;
}
