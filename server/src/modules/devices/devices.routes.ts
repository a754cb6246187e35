import { calls } from '@ac/protocol/calls';
import { defineCall } from '../../envelope/call.ts';
import { iso } from '../../lib/time.ts';
import type { DevicesRepo } from './devices.repo.ts';

export function createDevicesCalls(d: { devices: DevicesRepo }) {
  return [
    defineCall(calls.devices.list, {
      async handler({ payload, session }) {
        const { pageNo, pageSize } = payload;
        const { rows, total } = await d.devices.listDevices(session.userId, {
          offset: (pageNo - 1) * pageSize,
          limit: pageSize,
        });
        return {
          rows: rows.map((r) => ({
            id: r.id,
            name: r.name,
            model: r.model,
            mac: r.mac,
            uuid: r.uuid,
            lastIp: r.lastIp,
            lastTime: iso(r.lastTime),
            clientVersion: r.clientVersion,
            status: r.status,
          })),
          total,
          pageNo,
          pageSize,
        };
      },
    }),
  ];
}
