/**
 * URL parameters a caller (a CAD client, a campaign link) hands to the portal
 * are kept in cookies for a day (docs/product.md#messages-and-timing) so later pages still know them.
 * A `utoken` is not among them: app/session-handover.ts decides about it.
 */
import { THIRD_PARTY_CHANNEL_CODES } from '@ac/protocol/client-types';
import { getCookie, setCookie } from './cookies';

export const TRACKED_PARAMS = [
  'utm_source',
  'clientType',
  'clientVersion',
  'channelCode',
  'coupon',
  'businessSource',
  'login_window',
] as const;
export type TrackedParam = (typeof TRACKED_PARAMS)[number];

/** Kept as well when the channel is one of the third-party channels 39, 55, 15. */
export const THIRD_PARTY_PARAMS = ['thirdClientVersion', 'thirdClientType', 'deviceId'] as const;
export type ThirdPartyParam = (typeof THIRD_PARTY_PARAMS)[number];

export function isThirdPartyChannel(channelCode: string | undefined): boolean {
  return (THIRD_PARTY_CHANNEL_CODES as readonly string[]).includes(channelCode ?? '');
}

/** Stores the tracked parameters present in `search` in cookies. */
export function persistTrackedParams(search: string = window.location.search): void {
  const params = new URLSearchParams(search);
  for (const name of TRACKED_PARAMS) {
    const value = params.get(name);
    if (value) setCookie(name, value);
  }
  if (isThirdPartyChannel(params.get('channelCode') ?? getCookie('channelCode'))) {
    for (const name of THIRD_PARTY_PARAMS) {
      const value = params.get(name);
      if (value) setCookie(name, value);
    }
  }
}

/** The value from the current URL, else from its cookie. */
export function trackedValue(
  name: TrackedParam | ThirdPartyParam,
  search = window.location.search,
): string | undefined {
  return new URLSearchParams(search).get(name) || getCookie(name) || undefined;
}

/** A registration's payload with the tracked `businessSource` (URL parameter or cookie), when there is one. */
export function withBusinessSource<P extends object>(payload: P): P & { businessSource?: string } {
  const businessSource = trackedValue('businessSource');
  return businessSource ? { ...payload, businessSource } : payload;
}
