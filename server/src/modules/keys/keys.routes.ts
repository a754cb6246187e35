/** POST /global/v5/common/getRsaKey: answered in clear (docs/protocol.md#envelope). */

import { Code, catalogue } from '@ac/protocol/codes';
import { httpPaths } from '@ac/protocol/http-paths';
import type { FastifyInstance } from 'fastify';
import type { KeysService } from './keys.service.ts';

export function registerKeyRoute(app: FastifyInstance, keys: KeysService) {
  app.post(
    httpPaths.getRsaKey,
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        summary: 'Fetch an envelope key',
        tags: ['common'],
        description: 'Body `{data:"", clientInfo}`. Answered in clear: `{code, msg, bizData:{aesSecretKey}}`.',
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { code: Code.ok, msg: catalogue[Code.ok].message, bizData: { aesSecretKey: await keys.issueKey() } };
    },
  );
}
