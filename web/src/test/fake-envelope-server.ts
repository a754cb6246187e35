/**
 * A tiny in-memory server speaking the real envelope (docs/protocol.md#envelope) with the
 * protocol's own crypto, installed as `fetch` for the client's unit tests.
 */

import { Code, catalogue, type TCode } from '@ac/protocol/codes';
import { decryptPayload, encryptPayload, generateKey, keyFromSecret } from '@ac/protocol/envelope';
import { httpPaths } from '@ac/protocol/http-paths';

export type Handled = { code?: TCode; bizData?: unknown; status?: number; msg?: string };
export type Handler = (payload: unknown, ctx: { utoken: string | null; clientInfo: unknown }) => Handled;

export type FakeServer = {
  fetch: typeof fetch;
  /** Every call received, key requests included. */
  calls: { path: string; utoken: string | null; body: Record<string, unknown> }[];
  issued: Set<string>;
  on: (path: string, handler: Handler) => void;
  /** Forgets every key issued so far (the next envelope answers 0000004). */
  expireKeys: () => void;
  /** Forgets handlers, calls and keys: a fresh server for the next test. */
  reset: () => void;
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function createFakeServer(): FakeServer {
  const handlers = new Map<string, Handler>();
  const issued = new Set<string>();
  const calls: FakeServer['calls'] = [];

  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    const utoken = url.searchParams.get('utoken');
    calls.push({ path: url.pathname, utoken, body });
    if (url.pathname === httpPaths.getRsaKey) {
      const key = generateKey();
      issued.add(key);
      return json(200, { code: Code.ok, msg: 'Success', bizData: { aesSecretKey: key } });
    }
    const handler = handlers.get(url.pathname);
    if (!handler) return json(404, { code: Code.notFound, msg: 'Not found' });
    const key = keyFromSecret(String(body.secret));
    if (!issued.has(key)) return json(200, { code: Code.keyExpired, msg: catalogue[Code.keyExpired].message });
    const payload = body.data === '' ? {} : decryptPayload(key, String(body.data));
    const out = handler(payload, { utoken, clientInfo: body.clientInfo });
    const code = out.code ?? Code.ok;
    if (code !== Code.ok) return json(out.status ?? 200, { code, msg: out.msg ?? catalogue[code].message });
    return json(out.status ?? 200, { code, msg: 'Success', bizData: encryptPayload(key, out.bizData ?? {}) });
  };

  return {
    fetch: fakeFetch as typeof fetch,
    calls,
    issued,
    on: (path, handler) => void handlers.set(path, handler),
    expireKeys: () => issued.clear(),
    reset: () => {
      handlers.clear();
      issued.clear();
      calls.length = 0;
    },
  };
}
