import { Code } from '@ac/protocol/codes';
import { ZGetNodeByDealerRequest, ZGetNodeByDealerResponse } from '@ac/protocol/registration';
import { ZServerNodeList } from '@ac/protocol/session';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineCall } from '../../envelope/call.ts';
import { AppError } from '../../lib/app-error.ts';
import { secretsEqual } from '../../lib/hashing.ts';
import type { NodeDirectory } from './node-directory.ts';

/** The header a node's lookups at its peers carry NODE_SECRET in. */
export const NODE_SECRET_HEADER = 'x-node-secret';

export function createNodesCalls(d: { directory: NodeDirectory; nodeSecret: string | undefined }) {
  const { nodeSecret } = d;
  /** getnodeByDealer reveals on which node an account lives (SPEC's exception to DESIGN §9): kept scarce, except for peers. */
  const dealerLimit = {
    max: 10,
    timeWindow: '1 minute',
    allowList: (req: FastifyRequest) => {
      const given = req.headers[NODE_SECRET_HEADER];
      return nodeSecret !== undefined && typeof given === 'string' && secretsEqual(given, nodeSecret);
    },
  };
  return [
    defineCall({
      path: '/global/v5/common/serverNode/list',
      summary: 'The server nodes accounts can live on',
      tag: 'common',
      auth: false,
      request: z.object({}),
      response: ZServerNodeList,
      handler: async () => ({ rows: await d.directory.list() }),
    }),
    defineCall({
      path: '/user/v5/sysuser/getnodeByDealer',
      summary:
        'The node an account lives on (the jump-node screen after 0300069). Accounts no node knows answer this node, ' +
        'so the answer tells only that an account lives elsewhere. `localOnly` (node-to-node) answers from this ' +
        "node's own accounts and 1200005 when it is not here. At most 10 a minute per IP, except for other nodes " +
        'sending the shared NODE_SECRET in the x-node-secret header.',
      tag: 'nodes',
      auth: false,
      rateLimit: dealerLimit,
      request: ZGetNodeByDealerRequest,
      response: ZGetNodeByDealerResponse,
      errors: [Code.accountNotOnNode, Code.tooManyRequests],
      async handler({ payload: { account, localOnly } }) {
        if (localOnly) {
          const node = await d.directory.locateLocal(account);
          if (!node) throw new AppError(Code.accountNotOnNode);
          return { node };
        }
        return { node: (await d.directory.locate(account)) ?? (await d.directory.self()) };
      },
    }),
  ];
}
