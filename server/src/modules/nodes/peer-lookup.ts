/**
 * Asks another node's getnodeByDealer (with `localOnly`) where an account
 * lives, over the real v5 envelope. A node that is down, slow or refuses
 * counts as "not there": the caller goes on with what it knows.
 */
import { Code } from '@ac/protocol/codes';
import { buildSecret, decryptPayload, encryptPayload } from '@ac/protocol/envelope';
import { type TNodeRef, ZGetNodeByDealerResponse } from '@ac/protocol/registration';
import type { FastifyBaseLogger } from 'fastify';
import type { PeerLookup } from './node-directory.ts';
import { NODE_SECRET_HEADER } from './nodes.routes.ts';

export const PEER_TIMEOUT_MS = 3000;
const clientInfo = { clientType: 'third_party', clientVersion: '1.0' };

type Answer = { code: string; msg: string; bizData?: unknown };

/**
 * `apiBase` is the other node's PUBLIC_URL (its v5 paths live at the root);
 * `secret` (NODE_SECRET, shared by the nodes) lifts the peer's per-IP limit.
 */
export function createPeerLookup(peer: {
  code: string;
  apiBase: string;
  secret?: string | undefined;
  log: FastifyBaseLogger;
}): PeerLookup {
  const { log } = peer;
  let key: string | undefined;

  async function post(path: string, body: unknown): Promise<Answer> {
    const res = await fetch(`${peer.apiBase}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(peer.secret ? { [NODE_SECRET_HEADER]: peer.secret } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(PEER_TIMEOUT_MS),
    });
    if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
    return (await res.json()) as Answer;
  }

  async function fetchKey(): Promise<string> {
    const answer = await post('/global/v5/common/getRsaKey', { data: '', clientInfo });
    const aesSecretKey = (answer.bizData as { aesSecretKey?: unknown } | undefined)?.aesSecretKey;
    if (answer.code !== Code.ok || typeof aesSecretKey !== 'string')
      throw new Error(`getRsaKey answered ${answer.code}`);
    return aesSecretKey;
  }

  async function ask(account: string, retry: boolean): Promise<TNodeRef | null> {
    key ??= await fetchKey();
    const answer = await post('/user/v5/sysuser/getnodeByDealer', {
      data: encryptPayload(key, { account, localOnly: true }),
      clientInfo,
      style: '1',
      secret: buildSecret(key),
    });
    if (answer.code === Code.keyExpired && retry) {
      key = undefined;
      return ask(account, false);
    }
    if (answer.code === Code.accountNotOnNode) return null;
    if (answer.code !== Code.ok || typeof answer.bizData !== 'string') {
      throw new Error(`getnodeByDealer answered ${answer.code} ${answer.msg}`);
    }
    return ZGetNodeByDealerResponse.parse(decryptPayload(key, answer.bizData)).node;
  }

  return async (account) => {
    try {
      return await ask(account, true);
    } catch (e) {
      log.warn({ node: peer.code, err: (e as Error).message }, 'node lookup failed');
      return null;
    }
  };
}
