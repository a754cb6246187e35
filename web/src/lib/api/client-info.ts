/**
 * clientInfo sent in clear with every call (docs/product.md#data, docs/product.md#client-types and docs/product.md#messages-and-timing): client type and
 * version from the URL or their cookie, else detected (mobile → User_H5,
 * desktop → User_PC, version 1.0); channel code; the current language; for
 * third-party channels also their client version, type and device id.
 */
import {
  DEFAULT_CLIENT_VERSION,
  DEFAULT_DESKTOP_CLIENT_TYPE,
  DEFAULT_MOBILE_CLIENT_TYPE,
} from '@ac/protocol/client-types';
import type { TClientInfo } from '@ac/protocol/envelope';
import { isMobileUserAgent } from '@/lib/device';
import { isThirdPartyChannel, trackedValue } from '@/lib/tracked-params';

let currentLanguage: string | undefined;

/** Set by i18n whenever the language changes. */
export function setClientLanguage(language: string): void {
  currentLanguage = language;
}

export function getClientType(): string {
  return trackedValue('clientType') ?? (isMobileUserAgent() ? DEFAULT_MOBILE_CLIENT_TYPE : DEFAULT_DESKTOP_CLIENT_TYPE);
}

export function getClientInfo(): TClientInfo {
  const channelCode = trackedValue('channelCode');
  const info: TClientInfo = {
    clientType: getClientType(),
    clientVersion: trackedValue('clientVersion') ?? DEFAULT_CLIENT_VERSION,
  };
  if (channelCode) info.channelCode = channelCode;
  if (currentLanguage) info.language = currentLanguage;
  const utmSource = trackedValue('utm_source');
  if (utmSource) info.utmSource = utmSource;
  if (isThirdPartyChannel(channelCode)) {
    const thirdClientVersion = trackedValue('thirdClientVersion');
    const thirdClientType = trackedValue('thirdClientType');
    const deviceId = trackedValue('deviceId');
    if (thirdClientVersion) info.thirdClientVersion = thirdClientVersion;
    if (thirdClientType) info.thirdClientType = thirdClientType;
    if (deviceId) info.deviceId = deviceId;
  }
  return info;
}
