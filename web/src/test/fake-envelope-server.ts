/**
 * A tiny in-memory server speaking the real envelope (docs/protocol.md#envelope) with the
 * protocol's own crypto, installed as `fetch` for the client's unit tests.
 *
 * Every successful answer a test gives for a call of the contract is checked against that
 * call's response schema: an answer the real server could never give is recorded in
 * `wrongAnswers` (installFakeServer fails the test on it) and sent as a 500, so a component is
 * never tested against data the contract does not allow.
 */

import { allCalls } from '@ac/protocol/calls';
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
  /** Answers of handlers that broke their call's response schema: path and zod's complaint. */
  wrongAnswers: { path: string; problem: string }[];
  on: (path: string, handler: Handler) => void;
  /** Forgets every key issued so far (the next envelope answers 0000004). */
  expireKeys: () => void;
  /** Forgets handlers, calls and keys: a fresh server for the next test. */
  reset: () => void;
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const responseSchemas = new Map(allCalls().map((c) => [c.path, c.response]));

export function createFakeServer(): FakeServer {
  const handlers = new Map<string, Handler>();
  const issued = new Set<string>();
  const calls: FakeServer['calls'] = [];
  const wrongAnswers: FakeServer['wrongAnswers'] = [];

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
    const bizData = 'bizData' in out ? out.bizData : {};
    const checked = responseSchemas.get(url.pathname)?.safeParse(bizData);
    if (checked && !checked.success) {
      wrongAnswers.push({ path: url.pathname, problem: checked.error.message });
      return json(500, { code: Code.requestFailed, msg: `the fake's answer breaks the contract of ${url.pathname}` });
    }
    return json(out.status ?? 200, { code, msg: 'Success', bizData: encryptPayload(key, bizData) });
  };

  return {
    fetch: fakeFetch as typeof fetch,
    calls,
    issued,
    wrongAnswers,
    on: (path, handler) => void handlers.set(path, handler),
    expireKeys: () => issued.clear(),
    reset: () => {
      handlers.clear();
      issued.clear();
      calls.length = 0;
      wrongAnswers.length = 0;
    },
  };
}
