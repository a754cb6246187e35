/**
 * The portal's use of the one envelope client, @ac/client
 * (docs/protocol.md#envelope): the key kept in localStorage, clientInfo and
 * utoken of this browser, and what a session code does here — the re-login
 * message shows, the session is cleared and the call never settles.
 */
import {
  ApiError,
  type CallContract,
  type CallRequest,
  type CallResponse,
  Code,
  createClient,
  isApiError,
  sessionCodes,
} from '@ac/client';
import { getToken } from '@/lib/session/token';
import { localStorageKeyStore } from './aes-key';
import { getClientInfo } from './client-info';
import { expireSession, never } from './session-expiry';

export type RequestOptions = {
  /**
   * `relogin` (default): a session code shows the re-login message and the
   * call never settles. `reject`: the call rejects with the ApiError instead
   * (the session gate uses it to tell "not logged in" from "expired").
   */
  onSessionExpired?: 'relogin' | 'reject';
  /** This session token instead of the browser's (`null`: none). */
  token?: string | null;
};

const client = createClient({ clientInfo: getClientInfo, token: getToken, keyStore: localStorageKeyStore });

/** The kept envelope key, fetched when missing (start-up fetches it early). */
export function ensureKey(): Promise<string> {
  return client.key();
}

/** `path` with this browser's `?utoken=` (the multipart avatar upload is not an envelope call). */
export function callUrl(path: string): string {
  return client.urlOf(path);
}

/**
 * A same-origin download link (an invoice's PDF, a CSV of codes) without the token: the browser
 * sends its HttpOnly ticket cookie with it, and the server refuses a token in the link
 * (docs/protocol.md#downloads).
 */
export function downloadUrl(path: string): string {
  return client.urlOf(path, null);
}

/**
 * Sends one call by its contract entry; resolves with its answer, checked
 * here (the one place) against the entry's response schema, and rejects with
 * an ApiError — 0000001 for an answer the contract does not allow.
 */
export async function apiCall<C extends CallContract>(
  call: C,
  payload: CallRequest<C>,
  options: RequestOptions = {},
): Promise<CallResponse<C>> {
  let answer: unknown;
  try {
    answer = await client.call(call, payload, options.token === undefined ? {} : { token: options.token });
  } catch (e) {
    const sessionEnded = isApiError(e) && e.status === 200 && (sessionCodes as readonly string[]).includes(e.code);
    if (sessionEnded && options.onSessionExpired !== 'reject') {
      expireSession();
      return never();
    }
    throw e;
  }
  const checked = call.response.safeParse(answer);
  if (!checked.success) throw new ApiError(Code.requestFailed, `Unexpected answer to ${call.path}`, 200);
  return checked.data as CallResponse<C>;
}
