/** Login, logout and user info calls (docs/api.md). */
import { z } from 'zod';
import { ZTime } from './common.ts';
import { ACCOUNT_TYPES, COMPANY_ROLES, COMPANY_STATUSES, FREEZE_STATUSES } from './enums.ts';

export const ZLoginRequest = z.object({
  account: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(128),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLoginByCodeRequest = z.object({
  account: z.string().trim().min(1).max(254),
  code: z.string().regex(/^\d{6}$/),
});
export type TLoginByCodeRequest = z.infer<typeof ZLoginByCodeRequest>;

export const ZSendLoginCodeRequest = z.object({
  account: z.string().trim().min(1).max(254),
});

export const ZUserInfo = z.object({
  id: z.string(),
  name: z.string(),
  nickName: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  favicon: z.string().nullable(),
  sex: z.number().int(),
  level: z.number().int(),
  score: z.number().int(),
  vipType: z.string(),
  isActivate: z.number().int(),
  registerDate: ZTime,
  lastLoginTime: ZTime.nullable(),
  updateTime: ZTime,
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

export const ZLoginResponse = z.object({ utoken: z.string(), userInfo: ZUserInfo });
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/**
 * A CAD client opening the portal logged in: it asks createHandover for a
 * one-time code and opens `<portal>?handover=<code>`; the portal exchanges
 * it for its own session (exchangeHandover). Single use, valid this long.
 */
export const HANDOVER_TTL_SECONDS = 60;
export const ZHandoverResponse = z.object({ code: z.string() });
export type THandoverResponse = z.infer<typeof ZHandoverResponse>;
export const ZExchangeHandoverRequest = z.object({ code: z.string().min(1).max(128) });

/** Storage in bytes. */
export const ZStorage = z.object({
  total: z.number().int(),
  used: z.number().int(),
  surplus: z.number().int(),
  free: z.number().int(),
  /**
   * `used` is above `total` (the cloud storage service measured more than the quota, e.g. after a
   * membership or a storage package ended): new files cannot be saved until some are deleted.
   */
  overQuota: z.boolean(),
});
export type TStorage = z.infer<typeof ZStorage>;

export const ZVipInfo = z.object({
  goodsCode: z.string(),
  name: z.string(),
  accountType: z.enum(ACCOUNT_TYPES),
  startTime: ZTime,
  endTime: ZTime,
});
export type TVipInfo = z.infer<typeof ZVipInfo>;

export const ZUserInfoResponse = z.object({
  utoken: z.string(),
  userInfo: ZUserInfo,
  storage: ZStorage,
  vipInfo: ZVipInfo.nullable(),
});
export type TUserInfoResponse = z.infer<typeof ZUserInfoResponse>;

export const ZCompanyInfo = z
  .object({
    companyId: z.string(),
    companyName: z.string(),
    role: z.enum(COMPANY_ROLES),
    companyStatus: z.enum(COMPANY_STATUSES),
    freezeStatus: z.enum(FREEZE_STATUSES),
    endTime: ZTime.nullable(),
  })
  .nullable();
export type TCompanyInfo = z.infer<typeof ZCompanyInfo>;

export const ZRsaKeyResponse = z.object({ aesSecretKey: z.string() });

export const ZServerNode = z.object({
  code: z.string(),
  name: z.string(),
  region: z.string(),
  url: z.string(),
});
export const ZServerNodeList = z.object({ rows: z.array(ZServerNode) });
export type TServerNode = z.infer<typeof ZServerNode>;
