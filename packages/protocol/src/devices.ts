/** Devices (docs/api.md). */
import { z } from 'zod';
import { ZListRequest, ZListResponse, ZTime } from './common.ts';
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
export const ZDeviceList = ZListResponse(ZDeviceRow);
