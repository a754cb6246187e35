/**
 * What the native OAuth 2 adapters (wechat.ts, qq.ts, weibo.ts,
 * facebook.ts) share: the provider's URLs (or one test base URL replacing
 * every origin of the provider), one request with a timeout whose answer is
 * read as JSON whatever its content type (WeChat and QQ send JSON as
 * text/plain), and the two catalogue answers. Details name the provider's
 * error code only: some providers echo the code in their messages.
 */
import { Code } from '@ac/protocol/codes';
import { AppError } from '../../lib/app-error.ts';

const TIMEOUT_MS = 15_000;

export type Json = Record<string, unknown>;

/** `origin + path` with the query, or `apiBase + path` when a test base URL is configured. */
export function providerUrl(
  apiBase: string | undefined,
  origin: string,
  path: string,
  query: Record<string, string | undefined> = {},
): URL {
  const url = new URL(`${(apiBase ?? origin).replace(/\/+$/, '')}${path}`);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
  return url;
}

/** The provider refused the code (expired, used, not this app's): the user starts again. */
export const codeRefused = (provider: string, detail: string) =>
  new AppError(Code.thirdLoginAgain, `${provider}: ${detail}`);
/** The provider failed or refused us (credentials, outage): try later. */
export const providerFailed = (provider: string, detail: string) =>
  new AppError(Code.thirdTryLater, `${provider}: ${detail}`);

/** GET the URL (or POST `form` to it); the status and the JSON object answered. */
export async function requestJson(
  provider: string,
  url: URL,
  form?: Record<string, string>,
): Promise<{ status: number; body: Json }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      headers: { accept: 'application/json', ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form ? new URLSearchParams(form).toString() : undefined,
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    throw providerFailed(provider, `${url.pathname} unreachable (${(e as Error).name})`);
  }
  const text = await res.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw providerFailed(provider, `${url.pathname} answered HTTP ${res.status} without a JSON object`);
  }
  return { status: res.status, body: body as Json };
}

/** A phone's browser: QQ and Weibo then show their mobile authorize page (`display=mobile`). */
export const isPhoneBrowser = (userAgent: string | undefined) => /Mobi|Android|iPhone/i.test(userAgent ?? '');

/** A non-empty string field, or null. */
export const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
/** An id the provider may send as a number or a string. */
export const id = (v: unknown): string | null => (typeof v === 'number' ? String(v) : str(v));
