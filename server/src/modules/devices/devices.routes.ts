import { ZDeviceList, ZDeviceListRequest } from '@ac/protocol/devices';
import { defineCall } from '../../envelope/call.ts';
import type { DevicesService } from './devices.service.ts';

export function createDevicesCalls(d: { devices: DevicesService }) {
  return [
    defineCall({
      path: '/user/v5/device/list',
      summary: 'My devices and whether each is bound',
      tag: 'devices',
      auth: true,
      request: ZDeviceListRequest,
      response: ZDeviceList,
      handler: ({ payload, session }) => d.devices.list(session.userId, payload),
    }),
  ];
}
