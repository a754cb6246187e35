import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { FastifyRequest } from 'fastify';
import { defineCall } from '../../envelope/call.ts';
import { AppError } from '../../lib/app-error.ts';
import { secretsEqual } from '../../lib/hashing.ts';
import type { NodeDirectory } from './node-directory.ts';

/** The header a node's lookups at its peers carry NODE_SECRET in. */
export const NODE_SECRET_HEADER = 'x-node-secret';

export function createNodesCalls(d: { directory: NodeDirectory; nodeSecret: string | undefined }) {
  const { nodeSecret } = d;
  /** getnodeByDealer reveals on which node an account lives (the product's exception to docs/protocol.md#security-rules): kept scarce, except for peers. */
  const dealerLimit = {
    max: 10,
    timeWindow: '1 minute',
    allowList: (req: FastifyRequest) => {
      const given = req.headers[NODE_SECRET_HEADER];
      return nodeSecret !== undefined && typeof given === 'string' && secretsEqual(given, nodeSecret);
    },
  };
  return [
    defineCall(calls.nodes.list, {
      handler: async () => ({ rows: await d.directory.list() }),
    }),
    defineCall(calls.nodes.getNodeByDealer, {
      rateLimit: dealerLimit,
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
