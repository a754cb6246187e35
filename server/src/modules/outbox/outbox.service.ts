/**
 * The outbox as other modules see it: the latest messages (the dev
 * mailbox), on account deletion forgetting what was sent to the account,
 * and the scheduled purge of old messages. The mail and SMS adapters and
 * the mail delivery jobs write it through its repo.
 */
import type { Db, DbOrTx } from '../../db/client.ts';
import { addMs, DAY } from '../../lib/time.ts';
import { createOutboxRepo } from './outbox.repo.ts';

/** Messages are kept this long, then purged (a delivered code or link is long useless by then). */
export const OUTBOX_RETENTION_MS = 30 * DAY;

export function createOutboxService(d: { db: Db; now?: () => Date }) {
  const now = d.now ?? (() => new Date());
  const repo = (tx?: DbOrTx) => createOutboxRepo(tx ?? d.db);
  return {
    latestMessages: (limit: number) => repo().latestMessages(limit),
    async forgetRecipients(recipients: string[], tx: DbOrTx) {
      if (recipients.length) await repo(tx).deleteForRecipients(recipients);
    },
    /** Deletes the messages older than the retention; returns how many. */
    purgeOld: () => repo().deleteCreatedBefore(addMs(now(), -OUTBOX_RETENTION_MS)),
  };
}
export type OutboxService = ReturnType<typeof createOutboxService>;
