/**
 * The cloud storage service's usage reports (docs/protocol.md#storage-usage-reports): a
 * server-to-server POST of JSON to `httpPaths.storageUsage`, not an envelope call, signed with the
 * secret both sides share (STORAGE_SERVICE_SECRET): HMAC-SHA256, hex, over `<timestamp>.<body>`,
 * the timestamp in milliseconds since the epoch, both in headers. A report older than the one kept
 * for the account changes nothing, so a replayed or late report cannot move "used" back.
 */
import { z } from 'zod';

export const STORAGE_TIMESTAMP_HEADER = 'x-ac-timestamp';
export const STORAGE_SIGNATURE_HEADER = 'x-ac-signature';
/** A signed report is refused when its timestamp is further than this from the server's clock. */
export const STORAGE_SIGNATURE_MAX_AGE_SECONDS = 300;
/** Accounts per report. */
export const STORAGE_REPORT_MAX_ROWS = 1000;

export const ZStorageUsage = z.object({
  /** The account id (userInfo.userId). */
  userId: z.string().uuid(),
  /** Bytes the account's files take in the cloud storage. */
  usedBytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** When the storage service measured it (ISO 8601 with an offset). */
  measuredAt: z.string().datetime({ offset: true }),
});
export const ZStorageUsageReport = z.object({
  usages: z.array(ZStorageUsage).min(1).max(STORAGE_REPORT_MAX_ROWS),
});
export type TStorageUsageReport = z.infer<typeof ZStorageUsageReport>;

/** How many usages were kept, how many were older than the one kept, and how many named no live account. */
export const ZStorageUsageAnswer = z.object({
  recorded: z.number().int(),
  stale: z.number().int(),
  unknown: z.number().int(),
});
export type TStorageUsageAnswer = z.infer<typeof ZStorageUsageAnswer>;
