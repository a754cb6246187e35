/**
 * The test client: the SDK (@ac/client) speaking the real envelope to the
 * app through app.inject() instead of a socket, answering every call with
 * its status, code, headers and cookies so tests can check refusals too.
 * `raw` sends any body as-is (malformed envelopes).
 */
import {
  type CallContract,
  type CallOptions,
  type CallResponse,
  createClient,
  type KeyStore,
  memoryKeyStore,
  type TClientInfo,
} from '@ac/client';
import type { FastifyInstance } from 'fastify';

export const defaultClientInfo: TClientInfo = { clientType: 'User_PC', clientVersion: '1.0', language: 'en' };

type Cookie = { name: string; value: string; [attribute: string]: unknown };

export type CallResult<T = unknown> = {
  status: number;
  code: string;
  msg: string;
  data: T;
  headers: Record<string, string>;
  cookies: Cookie[];
};

const ORIGIN = 'http://inject.test';

/** A fetch that hands the request to app.inject(), as if sent from `remoteAddress`. */
function injectFetch(app: FastifyInstance, remoteAddress?: string): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input));
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'POST',
      remoteAddress,
      url: `${url.pathname}${url.search}`,
      headers: init?.headers as Record<string, string>,
      payload: init?.body as string,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) headers.append(name, String(v));
    }
    return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
}

/** A Set-Cookie line as light-my-request parses it: `httpOnly`, `maxAge` (a number), `sameSite`, … */
function parseSetCookie(line: string): Cookie {
  const [pair = '', ...attributes] = line.split(';');
  const eq = pair.indexOf('=');
  const cookie: Cookie = { name: pair.slice(0, eq).trim(), value: decodeURIComponent(pair.slice(eq + 1).trim()) };
  for (const attribute of attributes) {
    const [rawName = '', rawValue] = attribute.split('=');
    const name = rawName.trim().toLowerCase();
    const value = rawValue?.trim();
    if (name === 'max-age') cookie.maxAge = Number(value);
    else if (name === 'expires') cookie.expires = new Date(value ?? '');
    else if (name === 'httponly') cookie.httpOnly = true;
    else if (name === 'samesite') cookie.sameSite = value;
    else cookie[name] = value ?? true;
  }
  return cookie;
}

type TestCallOptions = Omit<CallOptions, 'token'> & { token?: string };

/** `remoteAddress`: the client's IP as the server sees it (per-IP limits); `keys`: share another client's key. */
export function envelopeClient(app: FastifyInstance, opts: { remoteAddress?: string; keys?: KeyStore } = {}) {
  const keys = opts.keys ?? memoryKeyStore();
  const sdk = createClient({
    baseUrl: ORIGIN,
    clientInfo: defaultClientInfo,
    fetch: injectFetch(app, opts.remoteAddress),
    keyStore: keys,
  });

  async function call<C extends CallContract>(
    contract: C,
    payload?: unknown,
    opts?: TestCallOptions,
  ): Promise<CallResult<CallResponse<C>>>;
  async function call<T>(contract: CallContract, payload?: unknown, opts?: TestCallOptions): Promise<CallResult<T>>;
  async function call(contract: CallContract, payload: unknown = {}, opts: TestCallOptions = {}) {
    const answer = await sdk.send(contract, payload as never, { ...opts, token: opts.token ?? null });
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return {
      status: answer.status,
      code: answer.code,
      msg: answer.msg,
      data: answer.data,
      headers,
      cookies: answer.headers.getSetCookie().map(parseSetCookie),
    };
  }

  return {
    /** A new key from getRsaKey (kept for the next calls). */
    fetchKey: () => sdk.refreshKey(),
    /** The key the client uses. */
    key: () => sdk.key(),
    /** Sends any body as-is (for malformed envelopes). */
    async raw(path: string, body: unknown, opts: { token?: string; headers?: Record<string, string> } = {}) {
      return app.inject({
        method: 'POST',
        url: opts.token ? `${path}?utoken=${encodeURIComponent(opts.token)}` : path,
        headers: opts.headers,
        payload: body as string | object,
      });
    },
    call,
    /** The same client (and key) calling from another IP address. */
    from: (remoteAddress: string) => envelopeClient(app, { remoteAddress, keys }),
  };
}
export type EnvelopeClient = ReturnType<typeof envelopeClient>;
