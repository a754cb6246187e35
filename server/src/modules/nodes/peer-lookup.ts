/**
 * Asks another node's getnodeByDealer (with `localOnly`) where an account
 * lives, through the envelope client like any other client. A node that is
 * down, slow or refuses counts as "not there": the caller goes on with what
 * it knows.
 */
import { Code, calls, createClient } from '@ac/client';
import type { TNodeRef } from '@ac/protocol/registration';
import type { FastifyBaseLogger } from 'fastify';
import type { PeerLookup } from './node-directory.ts';
import { NODE_SECRET_HEADER } from './nodes.routes.ts';

export const PEER_TIMEOUT_MS = 3000;

/**
 * `apiBase` is the other node's PUBLIC_URL (its v5 paths live at the root);
 * `secret` (NODE_SECRET, shared by the nodes) lifts the peer's per-IP limit.
 */
export function createPeerLookup(
  peer: { code: string; apiBase: string; secret?: string },
  log: FastifyBaseLogger,
): PeerLookup {
  const client = createClient({
    baseUrl: peer.apiBase,
    clientInfo: { clientType: 'third_party', clientVersion: '1.0' },
    timeoutMs: PEER_TIMEOUT_MS,
    headers: peer.secret ? { [NODE_SECRET_HEADER]: peer.secret } : {},
  });

  async function ask(account: string): Promise<TNodeRef | null> {
    const answer = await client.send(calls.nodes.getNodeByDealer, { account, localOnly: true });
    if (answer.code === Code.accountNotOnNode) return null;
    if (answer.status !== 200 || answer.code !== Code.ok || !answer.data) {
      throw new Error(`getnodeByDealer answered ${answer.status} ${answer.code} ${answer.msg}`);
    }
    return answer.data.node;
  }

  return async (account) => {
    try {
      return await ask(account);
    } catch (e) {
      log.warn({ node: peer.code, err: (e as Error).message }, 'node lookup failed');
      return null;
    }
  };
}
