/**
 * The one envelope client (docs/protocol.md#envelope): every v5 call goes through request().
 * POST `<path>?utoken=<token>` with `{data, clientInfo, style:"1", secret}`;
 * answer code 0000000 resolves with the decrypted bizData, any other code
 * rejects with an ApiError; a refused key (0000004) is fetched again and the
 * call retried once; session codes start the re-login flow and never settle.
 */
import { Code, sessionCodes, type TCode } from '@ac/protocol/codes';
import { buildSecret, decryptPayload, encryptPayload, STYLE_ENCRYPTED } from '@ac/protocol/envelope';
import { getToken } from '@/lib/session/token';
import { ensureKey, refreshKey } from './aes-key';
import { ApiError } from './api-error';
import { getClientInfo } from './client-info';
import { postJson } from './http';
import { expireSession, never } from './session-expiry';

export type RequestOptions = {
  /**
   * `relogin` (default): a session code shows the re-login message and the
   * call never settles. `reject`: the call rejects with the ApiError instead
   * (the session gate uses it to tell "not logged in" from "expired").
   */
  onSessionExpired?: 'relogin' | 'reject';
};

export function callUrl(path: string, token = getToken()): string {
  return token ? `${path}?utoken=${encodeURIComponent(token)}` : path;
}

async function send(
  path: string,
  payload: unknown,
  key: string,
): Promise<{ code: string; msg: string; data: unknown }> {
  const answer = await postJson(callUrl(path), {
    data: encryptPayload(key, payload ?? {}),
    clientInfo: getClientInfo(),
    style: STYLE_ENCRYPTED,
    secret: buildSecret(key),
  });
  const code = typeof answer.code === 'string' ? answer.code : Code.requestFailed;
  const msg = typeof answer.msg === 'string' ? answer.msg : '';
  if (code !== Code.ok) return { code, msg, data: undefined };
  const data = typeof answer.bizData === 'string' ? decryptPayload(key, answer.bizData) : answer.bizData;
  return { code, msg, data };
}

export async function request<T>(path: string, payload: unknown = {}, options: RequestOptions = {}): Promise<T> {
  let answer = await send(path, payload, await ensureKey());
  if (answer.code === Code.keyExpired) {
    answer = await send(path, payload, await refreshKey());
  }
  if (answer.code === Code.ok) return answer.data as T;
  if (sessionCodes.includes(answer.code as TCode) && options.onSessionExpired !== 'reject') {
    expireSession();
    return never<T>();
  }
  throw new ApiError(answer.code, answer.msg);
}
