/**
 * Client types of docs/product.md#client-types: the identifiers clients send as
 * clientInfo.clientType, which of them are enterprise ones, and the defaults.
 */
export const CLIENT_TYPES = {
  User_PC: 'PC',
  User_H5: 'H5',
  wechat_mp: 'WeChat public account',
  df_android: 'Android',
  df_ios: 'iOS',
  df_windows: 'Windows',
  gstarcad: 'GstarCAD',
  yun_pc: 'Cloud architecture (PC)',
  yun_h5: 'Cloud architecture (H5)',
  gs_pc: 'Viewer (PC)',
  gs_h5: 'Viewer (H5)',
  business_pc: 'Business PC',
  viewpro_pc: 'Viewer pro',
  viewpro_web: 'Viewer pro web',
  harmony: 'HarmonyOS',
  harmony_pc: 'HarmonyOS PC',
  harmony_pad: 'HarmonyOS Pad',
  macos: 'MacOS',
  linux: 'Linux',
  cehui: 'CAD mapping',
  third_party: 'Third party',
} as const;
export type TKnownClientType = keyof typeof CLIENT_TYPES;

export const DEFAULT_DESKTOP_CLIENT_TYPE = 'User_PC';
export const DEFAULT_MOBILE_CLIENT_TYPE = 'User_H5';
export const DEFAULT_CLIENT_VERSION = '1.0';

/** The account portal's own client types: its browser sessions are no CAD client and report no device. */
export const PORTAL_CLIENT_TYPES: readonly string[] = [DEFAULT_DESKTOP_CLIENT_TYPE, DEFAULT_MOBILE_CLIENT_TYPE];
export function isPortalClientType(clientType: string): boolean {
  return PORTAL_CLIENT_TYPES.includes(clientType);
}

/** Enterprise client types (business, web or view types) switch the login page to its enterprise variant. */
export function isEnterpriseClientType(clientType: string): boolean {
  return /business|web|view/i.test(clientType);
}

/** Trade-only routes exist only for client types containing "trade" (docs/product.md#routes). */
export function isTradeClientType(clientType: string): boolean {
  return /trade/i.test(clientType);
}

/** Channel codes that also carry the third-party client version, type and device id (docs/product.md#messages-and-timing). */
export const THIRD_PARTY_CHANNEL_CODES = ['39', '55', '15'] as const;
