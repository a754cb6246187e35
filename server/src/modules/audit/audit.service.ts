/**
 * The security log (docs/protocol.md#security-rules): services record what happened, inside their
 * own transaction when they pass one. Never secrets in `detail`.
 */
import type { Db, DbOrTx } from '../../db/client.ts';
import { type AuditEvent, createAuditRepo } from './audit.repo.ts';

export type { AuditEvent } from './audit.repo.ts';
/** Where a request came from, as the log keeps it. */
export type Origin = { ip?: string; requestId?: string };

export function createAuditService(d: { db: Db }) {
  const repo = (tx?: DbOrTx) => createAuditRepo(tx ?? d.db);
  return {
    record: (e: AuditEvent, tx?: DbOrTx) => repo(tx).record(e),
    /** Account deletion: the log keeps what happened, not where from. */
    scrubIp: (userId: string, tx?: DbOrTx) => repo(tx).scrubIp(userId),
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
