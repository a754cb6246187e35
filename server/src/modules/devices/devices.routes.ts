import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import type { DevicesService } from './devices.service.ts';

export function createDevicesCalls(d: { devices: DevicesService }) {
  return [
    defineCall(calls.devices.list, {
      handler: ({ payload, session }) => d.devices.list(session.userId, payload),
    }),
  ];
}
