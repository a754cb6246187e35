/** The user's devices and whether each is bound. */
import type { ZDeviceList } from '@ac/protocol/devices';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { iso } from '../../lib/time.ts';
import { createDevicesRepo } from './devices.repo.ts';

export function createDevicesService(d: { db: Db }) {
  const repo = (tx?: DbOrTx) => createDevicesRepo(tx ?? d.db);
  return {
    async list(userId: string, p: { pageNo: number; pageSize: number }): Promise<z.input<typeof ZDeviceList>> {
      const { pageNo, pageSize } = p;
      const { rows, total } = await repo().listDevices(userId, { offset: (pageNo - 1) * pageSize, limit: pageSize });
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
    /** Account deletion: the user's devices go. */
    forgetUser: (userId: string, tx: DbOrTx) => repo(tx).deleteOf(userId),
  };
}
export type DevicesService = ReturnType<typeof createDevicesService>;
