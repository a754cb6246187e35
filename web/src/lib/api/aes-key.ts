/**
 * The envelope key (docs/protocol.md#envelope): fetched from getRsaKey, answered in clear,
 * kept in localStorage and fetched again when missing or refused.
 */
import { Code } from '@ac/protocol/codes';
import { isValidKey } from '@ac/protocol/envelope';
import { ApiError } from './api-error';
import { getClientInfo } from './client-info';
import { postJson } from './http';

export const KEY_PATH = '/global/v5/common/getRsaKey';
export const KEY_STORAGE = 'aesSecretKey';

let pending: Promise<string> | undefined;

export function storedKey(): string | undefined {
  try {
    const key = localStorage.getItem(KEY_STORAGE);
    return key && isValidKey(key) ? key : undefined;
  } catch {
    return undefined;
  }
}

export function forgetKey(): void {
  try {
    localStorage.removeItem(KEY_STORAGE);
  } catch {
    // storage unavailable (private mode): nothing kept, nothing to forget
  }
}

async function fetchKey(): Promise<string> {
  const answer = await postJson(KEY_PATH, { data: '', clientInfo: getClientInfo() });
  const key = (answer.bizData as { aesSecretKey?: unknown } | undefined)?.aesSecretKey;
  if (answer.code !== Code.ok || typeof key !== 'string' || !isValidKey(key)) {
    throw new ApiError(typeof answer.code === 'string' ? answer.code : Code.requestFailed, String(answer.msg ?? ''));
  }
  try {
    localStorage.setItem(KEY_STORAGE, key);
  } catch {
    // kept in memory only for this call
  }
  return key;
}

/** Fetches a new key; concurrent callers share one request. */
export function refreshKey(): Promise<string> {
  pending ??= fetchKey().finally(() => {
    pending = undefined;
  });
  return pending;
}

/** The stored key, or a freshly fetched one when missing. */
export async function ensureKey(): Promise<string> {
  return storedKey() ?? refreshKey();
}
