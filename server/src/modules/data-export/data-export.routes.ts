import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { httpPaths } from '@ac/protocol/http-paths';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../envelope/call.ts';
import type { DataExportService } from './data-export.service.ts';

type Deps = { dataExports: DataExportService };

export function createDataExportCalls(d: Deps) {
  return [
    defineCall(calls.profile.dataExportStatus, {
      handler: ({ session }) => d.dataExports.status(session.userId),
    }),
    defineCall(calls.profile.requestDataExport, {
      rateLimit: { max: 10, timeWindow: '1 minute' },
      handler: ({ session, ip, requestId, clientInfo }) =>
        d.dataExports.request(session.userId, { ip, requestId, language: clientInfo.language }),
    }),
  ];
}

/**
 * The mailed link: `GET <dataExportPrefix>/<token>`, no session (the token is
 * the credential, single use, 24 hours; its path segment is redacted in
 * every log line, lib/redact.ts). Errors answer the envelope error in clear.
 */
export function registerDataExportDownload(app: FastifyInstance, d: Deps) {
  app.get<{ Params: { token: string } }>(
    `${httpPaths.dataExportPrefix}/:token`,
    {
      schema: {
        tags: ['profile'],
        summary: 'Download a personal data export (ZIP) by the single-use token of its mailed link',
        description: `The link works once and for 24 hours. Error codes: ${Code.dataExportLinkInvalid}.`,
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const file = await d.dataExports.download(req.params.token, { ip: req.ip, requestId: req.id });
      return reply
        .type('application/zip')
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .send(file.data);
    },
  );
}
