/** A browser and operating system as a User-Agent names them (ua-parser-js), for the activity and its alerts. */
import { UAParser } from 'ua-parser-js';

export type Browser = { browser: string | null; os: string | null };

const named = (name: string | undefined, version: string | undefined) =>
  name ? (version ? `${name} ${version}` : name) : null;

export function browserOf(userAgent: string | null | undefined): Browser {
  if (!userAgent) return { browser: null, os: null };
  const r = new UAParser(userAgent).getResult();
  return { browser: named(r.browser.name, r.browser.major), os: named(r.os.name, r.os.version) };
}

/** What makes a browser or device "known": its client type, browser name and operating system name (not versions, which change with updates). */
export function browserKey(userAgent: string | null | undefined, clientType: string | null | undefined): string {
  if (!userAgent) return `${clientType ?? ''}|`;
  const r = new UAParser(userAgent).getResult();
  return `${clientType ?? ''}|${r.browser.name ?? ''}|${r.os.name ?? ''}|${r.device.model ?? ''}`;
}
