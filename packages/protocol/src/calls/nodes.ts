/** Server nodes: which node an account lives on (docs/decisions/0005-server-nodes.md). */
import { z } from 'zod';
import { Code } from '../codes.ts';
import { defineContract } from '../contract.ts';
import { ZGetNodeByDealerRequest, ZGetNodeByDealerResponse } from '../registration.ts';
import { ZServerNodeList } from '../session.ts';

export const nodes = {
  list: defineContract({
    path: '/global/v5/common/serverNode/list',
    summary: 'The server nodes accounts can live on',
    tag: 'common',
    auth: false,
    request: z.object({}),
    response: ZServerNodeList,
  }),
  getNodeByDealer: defineContract({
    path: '/user/v5/sysuser/getnodeByDealer',
    summary:
      'The node an account lives on (the jump-node screen after 0300069). Accounts no node knows answer this node, ' +
      'so the answer tells only that an account lives elsewhere. `localOnly` (node-to-node, with the shared ' +
      "NODE_SECRET in the x-node-secret header) answers from this node's own accounts and 1200005 when it is not " +
      'here; without the secret it is answered like a lookup. At most 10 a minute per IP, except for other nodes ' +
      'sending NODE_SECRET.',
    tag: 'nodes',
    auth: false,
    request: ZGetNodeByDealerRequest,
    response: ZGetNodeByDealerResponse,
    errors: [Code.accountNotOnNode, Code.tooManyRequests],
  }),
};
