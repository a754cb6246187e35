/**
 * The cloud storage service's usage reports (docs/protocol.md#storage-usage-reports): each account's
 * "used" as the service measured it, kept when newer than the measure kept, in one transaction per
 * report; the accounts' sessions show the new figure at once (UserService tells the snapshots).
 */
import type { TStorageUsageAnswer, TStorageUsageReport } from '@ac/protocol/storage';
import type { Db } from '../../db/client.ts';
import type { UserService } from '../user/user.service.ts';

export function createStorageService(d: { db: Db; users: Pick<UserService, 'recordStorageUsage'> }) {
  return {
    async record(report: TStorageUsageReport): Promise<TStorageUsageAnswer> {
      const answer: TStorageUsageAnswer = { recorded: 0, stale: 0, unknown: 0 };
      // one row lock at a time, always in the report's order of accounts sorted, so two reports never deadlock
      const usages = [...report.usages].sort((a, b) => a.userId.localeCompare(b.userId));
      await d.db.transaction(async (tx) => {
        for (const u of usages) {
          answer[await d.users.recordStorageUsage(u.userId, u.usedBytes, new Date(u.measuredAt), tx)]++;
        }
      });
      return answer;
    },
  };
}
export type StorageService = ReturnType<typeof createStorageService>;
