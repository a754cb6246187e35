import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export type AuditEvent = {
  event: string;
  userId?: string | null;
  ip?: string | null;
  requestId?: string | null;
  /** Never secrets: no passwords, codes, tokens or keys. */
  detail?: Record<string, unknown>;
};

export function createAuditRepo(db: DbOrTx) {
  return {
    async record(e: AuditEvent) {
      await db.insert(auditLog).values({
        event: e.event,
        userId: e.userId ?? null,
        ip: e.ip ?? null,
        requestId: e.requestId ?? null,
        detail: e.detail ?? null,
      });
    },
    async scrubIp(userId: string) {
      await db.update(auditLog).set({ ip: null }).where(eq(auditLog.userId, userId));
    },
  };
}
