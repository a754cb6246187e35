/**
 * POST /storage/v5/usage: the cloud storage service reports how much each account uses
 * (docs/protocol.md#storage-usage-reports). Server to server, JSON, signed with
 * STORAGE_SERVICE_SECRET; not an envelope call. Without the secret configured the route answers
 * 0000007: nobody can report.
 */
import { Code } from '@ac/protocol/codes';
import { httpPaths } from '@ac/protocol/http-paths';
import { ZStorageUsageReport } from '@ac/protocol/storage';
import type { FastifyInstance } from 'fastify';
import { formatZodIssues } from '../../envelope/zod-issues.ts';
import { AppError } from '../../lib/app-error.ts';
import type { StorageService } from './storage.service.ts';
import { verifyStorageReport } from './storage-signature.ts';

/** A thousand usages with their ids and times fit well inside. */
const REPORT_BODY_LIMIT = 256 * 1024;
/** Per IP: the storage service reports in batches, nothing near this. */
const REPORT_RATE_LIMIT = { max: 120, timeWindow: '1 minute' };

type Deps = { storage: StorageService; secret: string | undefined; now: () => Date };

export async function registerStorageUsageRoute(app: FastifyInstance, d: Deps) {
  await app.register(async (scope) => {
    // the signature covers the body as sent: keep it as a string, parse after the check
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      httpPaths.storageUsage,
      {
        bodyLimit: REPORT_BODY_LIMIT,
        config: { rateLimit: REPORT_RATE_LIMIT },
        schema: {
          summary: 'Cloud storage usage report (server to server)',
          tags: ['storage'],
          description:
            'Called by the cloud storage service, not by clients: JSON `{usages:[{userId, usedBytes, measuredAt}]}` (1 to 1000), signed with STORAGE_SERVICE_SECRET: `x-ac-timestamp` (ms since the epoch, within 5 minutes) and `x-ac-signature`, hex HMAC-SHA256 over `<timestamp>.<body>`. A usage older than the one kept is not applied. Answers `{code:"0000000", data:{recorded, stale, unknown}}`; a bad signature 0000009, a stale timestamp 0000010, a body not of this shape 0000002.',
        },
      },
      async (req, reply) => {
        if (!d.secret) throw new AppError(Code.notFound, 'storage usage reports are not configured on this server');
        const rawBody = typeof req.body === 'string' ? req.body : '';
        verifyStorageReport(d.secret, rawBody, req.headers, d.now().getTime());
        let json: unknown;
        try {
          json = JSON.parse(rawBody);
        } catch {
          throw new AppError(Code.invalidParam, 'the body is not JSON');
        }
        const report = ZStorageUsageReport.safeParse(json);
        if (!report.success) throw new AppError(Code.invalidParam, formatZodIssues(report.error.issues));
        const data = await d.storage.record(report.data);
        return reply.header('cache-control', 'no-store').send({ code: Code.ok, msg: 'ok', data });
      },
    );
  });
}
