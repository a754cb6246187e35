/**
 * The outbox as other modules see it: the latest messages (the dev
 * mailbox) and, on account deletion, forgetting what was sent to the
 * account. The mail and SMS adapters write it through its repo.
 */
import type { Db, DbOrTx } from '../../db/client.ts';
import { createOutboxRepo } from './outbox.repo.ts';

export function createOutboxService(d: { db: Db }) {
  const repo = (tx?: DbOrTx) => createOutboxRepo(tx ?? d.db);
  return {
    latestMessages: (limit: number) => repo().latestMessages(limit),
    async forgetRecipients(recipients: string[], tx: DbOrTx) {
      if (recipients.length) await repo(tx).deleteForRecipients(recipients);
    },
  };
}
export type OutboxService = ReturnType<typeof createOutboxService>;
