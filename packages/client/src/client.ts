/**
 * The one envelope client (docs/protocol.md#envelope): every v5 call is a
 * POST of `{data, clientInfo, style:"1", secret}` to the call's path, with
 * `?utoken=` when a session is given. The key comes from getRsaKey and is
 * fetched again (and the call retried once) when the server answers 0000004.
 * Answers are decrypted and typed from the call's contract entry.
 */

import { Code } from '@ac/protocol/codes';
import type { CallContract, CallRequest, CallResponse } from '@ac/protocol/contract';
import {
  buildSecret,
  decryptPayload,
  encryptPayload,
  isValidKey,
  STYLE_ENCRYPTED,
  type TClientInfo,
} from '@ac/protocol/envelope';
import { httpPaths } from '@ac/protocol/http-paths';
import { ApiError } from './api-error.ts';
import { type KeyStore, memoryKeyStore } from './key-store.ts';

/** Calls give up after 30 seconds (docs/protocol.md#envelope). */
export const DEFAULT_TIMEOUT_MS = 30_000;

export type ClientOptions = {
  /** Origin (and prefix) of the API, e.g. `https://account.example.com`; `''` for the page's own origin. */
  baseUrl?: string;
  /** Sent in clear with every call: client type and version at least. */
  clientInfo: TClientInfo | (() => TClientInfo);
  /** The session token (`utoken`) to send, when there is one. */
  token?: () => string | null | undefined;
  /** Where the envelope key is kept; memory by default. */
  keyStore?: KeyStore;
  /** A fetch implementation; the global one by default. */
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
  /** Browser only: send cookies (default `same-origin`). */
  credentials?: RequestCredentials;
};

export type CallOptions = {
  /** This session token instead of the client's (`null`: none). */
  token?: string | null;
  /** Fields that replace the client's clientInfo for this call. */
  clientInfo?: Partial<TClientInfo>;
  headers?: Record<string, string>;
};

/** An answer as it came: HTTP status, catalogue code and message, and the decrypted data on success. */
export type Answer<T> = { status: number; code: string; msg: string; data: T | undefined; headers: Headers };

type Body = { code?: unknown; msg?: unknown; bizData?: unknown };

export type Client = ReturnType<typeof createClient>;

export function createClient(options: ClientOptions) {
  const baseUrl = options.baseUrl ?? '';
  const keys = options.keyStore ?? memoryKeyStore();
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let pendingKey: Promise<string> | undefined;

  const clientInfoNow = (extra?: Partial<TClientInfo>): TClientInfo => {
    const base = typeof options.clientInfo === 'function' ? options.clientInfo() : options.clientInfo;
    return extra ? { ...base, ...extra } : base;
  };

  /** `path` with `?utoken=` when a token is given. */
  function urlOf(path: string, token: string | null | undefined = options.token?.()): string {
    return `${baseUrl}${path}${token ? `?utoken=${encodeURIComponent(token)}` : ''}`;
  }

  /** POST a JSON body; resolves with any HTTP answer, rejects (0000001, status 0) only when none came. */
  async function post(url: string, body: unknown, headers?: Record<string, string>) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...options.headers, ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
        credentials: options.credentials ?? 'same-origin',
        signal: controller.signal,
      });
    } catch (e) {
      throw new ApiError(Code.requestFailed, controller.signal.aborted ? 'Request timed out' : String(e), 0);
    } finally {
      clearTimeout(timer);
    }
    const json = (await response.json().catch(() => ({}))) as Body;
    return { status: response.status, body: json, headers: response.headers };
  }

  async function fetchKey(): Promise<string> {
    const answer = await post(`${baseUrl}${httpPaths.getRsaKey}`, { data: '', clientInfo: clientInfoNow() });
    const key = (answer.body.bizData as { aesSecretKey?: unknown } | undefined)?.aesSecretKey;
    if (answer.status !== 200 || answer.body.code !== Code.ok || typeof key !== 'string' || !isValidKey(key)) {
      const code = typeof answer.body.code === 'string' ? answer.body.code : Code.requestFailed;
      throw new ApiError(code, String(answer.body.msg ?? `HTTP ${answer.status}`), answer.status);
    }
    keys.set(key);
    return key;
  }

  /** Fetches a new key; concurrent callers share one request. */
  function refreshKey(): Promise<string> {
    pendingKey ??= fetchKey().finally(() => {
      pendingKey = undefined;
    });
    return pendingKey;
  }

  /** The kept key, or a new one when none is kept. */
  async function key(): Promise<string> {
    const kept = keys.get();
    return kept && isValidKey(kept) ? kept : refreshKey();
  }

  function envelopeOf(path: string, payload: unknown, key: string, opts: CallOptions) {
    const token = opts.token === undefined ? options.token?.() : opts.token;
    const body = {
      data: encryptPayload(key, payload ?? {}),
      clientInfo: clientInfoNow(opts.clientInfo),
      style: STYLE_ENCRYPTED,
      secret: buildSecret(key),
    };
    return { url: urlOf(path, token), body };
  }

  async function sendWith<T>(path: string, payload: unknown, key: string, opts: CallOptions): Promise<Answer<T>> {
    const envelope = envelopeOf(path, payload, key, opts);
    const answer = await post(envelope.url, envelope.body, opts.headers);
    const code = typeof answer.body.code === 'string' ? answer.body.code : Code.requestFailed;
    const msg = typeof answer.body.msg === 'string' ? answer.body.msg : `HTTP ${answer.status}`;
    const biz = answer.body.bizData;
    const data =
      answer.status === 200 && code === Code.ok
        ? ((typeof biz === 'string' ? decryptPayload(key, biz) : biz) as T)
        : undefined;
    return { status: answer.status, code, msg, data, headers: answer.headers };
  }

  /**
   * Sends one call and resolves with the answer whatever its code (a refused
   * key is fetched again and the call retried once). Rejects only when no
   * answer came.
   */
  async function send<C extends CallContract>(
    call: C,
    payload: CallRequest<C>,
    opts: CallOptions = {},
  ): Promise<Answer<CallResponse<C>>> {
    let answer = await sendWith<CallResponse<C>>(call.path, payload, await key(), opts);
    if (answer.code === Code.keyExpired) {
      keys.clear();
      answer = await sendWith<CallResponse<C>>(call.path, payload, await refreshKey(), opts);
    }
    return answer;
  }

  /** Sends one call: resolves with its data, rejects with an ApiError for any other answer than 200 / 0000000. */
  async function callOf<C extends CallContract>(
    call: C,
    payload: CallRequest<C>,
    opts: CallOptions = {},
  ): Promise<CallResponse<C>> {
    const answer = await send(call, payload, opts);
    if (answer.status !== 200 || answer.code !== Code.ok) throw new ApiError(answer.code, answer.msg, answer.status);
    return answer.data as CallResponse<C>;
  }

  /**
   * The URL and JSON body of one call under the current key, without sending
   * it: for load generators that replay one request (a body stays valid as
   * long as its key).
   */
  async function prepare<C extends CallContract>(call: C, payload: CallRequest<C>, opts: CallOptions = {}) {
    const envelope = envelopeOf(call.path, payload, await key(), opts);
    return { url: envelope.url, body: JSON.stringify(envelope.body) };
  }

  return {
    call: callOf,
    prepare,
    send,
    /** Low level: POST any body to a URL (e.g. a malformed envelope in tests). */
    post,
    urlOf,
    key,
    refreshKey,
    forgetKey: () => keys.clear(),
  };
}
