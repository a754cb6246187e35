/**
 * The one write of account deletion outside the modules' own services: the
 * messages the outbox kept for the account's addresses (the outbox belongs
 * to the delivery adapters, which have no service of their own).
 */
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';

export function createAccountRepo(db: DbOrTx) {
  return {
    async forgetMessages(addresses: string[]) {
      if (addresses.length) await db.delete(outbox).where(inArray(outbox.recipient, addresses));
    },
  };
}
export type AccountRepo = ReturnType<typeof createAccountRepo>;
