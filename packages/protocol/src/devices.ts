/** Devices and active sessions (docs/api.md, docs/product.md#devices-and-sessions). */
import { z } from 'zod';
import { ZListRequest, ZListResponse, ZTime, zDisplayText } from './common.ts';
import { DEVICE_STATUSES } from './enums.ts';

export const ZDeviceListRequest = ZListRequest;
export const ZDeviceRow = z.object({
  id: z.string(),
  name: z.string(),
  model: z.string(),
  mac: z.string(),
  uuid: z.string(),
  lastIp: z.string().nullable(),
  lastTime: ZTime.nullable(),
  clientVersion: z.string(),
  status: z.enum(DEVICE_STATUSES),
});
export type TDeviceRow = z.infer<typeof ZDeviceRow>;
/** The page, and how many devices are bound of how many the membership allows. */
export const ZDeviceList = ZListResponse(ZDeviceRow).extend({
  bound: z.number().int(),
  boundLimit: z.number().int(),
});
export type TDeviceList = z.infer<typeof ZDeviceList>;

/** What a CAD client tells about itself after login. */
export const ZDeviceReportRequest = z.object({
  uuid: z.string().trim().min(1).max(128),
  mac: z
    .string()
    .trim()
    .regex(/^[0-9A-Fa-f]{2}([:-]?[0-9A-Fa-f]{2}){5}$/, 'a MAC address such as 00:1A:2B:3C:4D:5E'),
  name: zDisplayText(1, 128),
  model: zDisplayText(1, 128),
  clientVersion: z.string().trim().min(1).max(32),
});
export type TDeviceReportRequest = z.infer<typeof ZDeviceReportRequest>;
export const ZDeviceReportResponse = z.object({ id: z.string(), status: z.enum(DEVICE_STATUSES) });

export const ZDeviceBindRequest = z.object({ id: z.string().uuid() });
/**
 * Unbinding from a login older than 15 minutes needs the current password or
 * a code of purpose verifyCurrent sent to the own email or mobile (currentTarget).
 */
export const ZDeviceUnbindRequest = z.object({
  id: z.string().uuid(),
  password: z.string().min(1).max(128).optional(),
  currentCode: z.string().trim().min(4).max(8).optional(),
});
export type TDeviceUnbindRequest = z.infer<typeof ZDeviceUnbindRequest>;

/** A live session of the user: a browser of the portal or a CAD client. */
export const ZActiveSession = z.object({
  id: z.string(),
  clientType: z.string(),
  clientVersion: z.string(),
  /** True for the account portal's own browser sessions. */
  portal: z.boolean(),
  /** The device a CAD client reported, or null. */
  device: z.object({ id: z.string(), name: z.string(), model: z.string() }).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  startedAt: ZTime,
  lastSeenAt: ZTime,
  /** The session making this call. */
  current: z.boolean(),
});
export type TActiveSession = z.infer<typeof ZActiveSession>;
export const ZActiveSessions = z.object({ rows: z.array(ZActiveSession) });
export const ZSignOutRequest = z.object({ id: z.string().uuid() });
