/** Devices bound to the account (docs/decisions/0018-devices-and-sessions.md). */
import { z } from 'zod';
import { Code } from '../codes.ts';
import { defineContract } from '../contract.ts';
import {
  ZDeviceBindRequest,
  ZDeviceList,
  ZDeviceListRequest,
  ZDeviceReportRequest,
  ZDeviceReportResponse,
  ZDeviceUnbindRequest,
} from '../devices.ts';

export const devices = {
  list: defineContract({
    path: '/user/v5/device/list',
    summary: 'My devices and whether each is bound',
    tag: 'devices',
    auth: true,
    request: ZDeviceListRequest,
    response: ZDeviceList,
  }),
  report: defineContract({
    path: '/user/v5/device/report',
    summary:
      "A CAD client reports its device after login (uuid, MAC, name, model, client version): recorded with the request's IP and time, and tied to the session; beyond the membership's concurrent client sessions the oldest is replaced (1000008)",
    tag: 'devices',
    auth: true,
    request: ZDeviceReportRequest,
    response: ZDeviceReportResponse,
    errors: [Code.portalIsNoDevice],
  }),
  bind: defineContract({
    path: '/user/v5/device/bind',
    summary: "Bind a reported device; at most the membership's limit of bound devices (1500002 names it)",
    tag: 'devices',
    auth: true,
    request: ZDeviceBindRequest,
    response: z.object({}),
    errors: [Code.deviceNotFound, Code.deviceLimitReached],
  }),
  unbind: defineContract({
    path: '/user/v5/device/unbind',
    summary:
      'Unbind a device and end its sessions; from a login older than 15 minutes the current password or currentCode (purpose verifyCurrent, to the own email, else mobile)',
    tag: 'devices',
    auth: true,
    request: ZDeviceUnbindRequest,
    response: z.object({}),
    errors: [Code.deviceNotFound, Code.reauthRequired, Code.passwordWrong, Code.codeInvalid, Code.tooManyRequests],
  }),
};
