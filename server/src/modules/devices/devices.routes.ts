import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import type { DevicesService } from './devices.service.ts';

const changeLimit = { max: 30, timeWindow: '1 minute' };

export function createDevicesCalls(d: { devices: DevicesService }) {
  return [
    defineCall(calls.devices.list, {
      handler: ({ payload, session }) => d.devices.list(session.userId, payload),
    }),
    defineCall(calls.devices.report, {
      rateLimit: changeLimit,
      handler: ({ payload, session, clientInfo, ip, requestId }) =>
        d.devices.report(session, payload, { clientType: clientInfo.clientType, ip, requestId }),
    }),
    defineCall(calls.devices.bind, {
      rateLimit: changeLimit,
      async handler({ payload, session, ip, requestId }) {
        await d.devices.bind(session, payload.id, { ip, requestId });
        return {};
      },
    }),
    defineCall(calls.devices.unbind, {
      rateLimit: changeLimit,
      async handler({ payload, session, ip, requestId }) {
        await d.devices.unbind(session, payload, { ip, requestId });
        return {};
      },
    }),
  ];
}
