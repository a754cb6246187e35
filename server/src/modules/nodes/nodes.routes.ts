import { ZServerNodeList } from '@ac/protocol/session';
import { z } from 'zod';
import { defineCall } from '../../envelope/call.ts';
import type { NodesRepo } from './nodes.repo.ts';

export function createNodesCalls(d: { nodes: NodesRepo }) {
  return [
    defineCall({
      path: '/global/v5/common/serverNode/list',
      summary: 'The server nodes accounts can live on',
      tag: 'common',
      auth: false,
      request: z.object({}),
      response: ZServerNodeList,
      handler: async () => ({ rows: await d.nodes.listNodes() }),
    }),
  ];
}
