/**
 * The transport under the envelope client: POST JSON with a 30-second
 * timeout; only HTTP 200 is a success (docs/product.md#calls and docs/product.md#messages-and-timing).
 */
import { Code } from '@ac/protocol/codes';
import { ApiError } from './api-error';

export const HTTP_TIMEOUT_MS = 30_000;

type Answer = { code?: unknown; msg?: unknown; bizData?: unknown };

export async function postJson(url: string, body: unknown, timeoutMs = HTTP_TIMEOUT_MS): Promise<Answer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch (e) {
    const timedOut = controller.signal.aborted;
    throw new ApiError(Code.requestFailed, timedOut ? 'Request timed out' : String(e), 0);
  } finally {
    clearTimeout(timer);
  }
  const answer = (await response.json().catch(() => ({}))) as Answer;
  if (response.status !== 200) {
    const code = typeof answer.code === 'string' ? answer.code : Code.requestFailed;
    const msg = typeof answer.msg === 'string' ? answer.msg : `HTTP ${response.status}`;
    throw new ApiError(code, msg, response.status);
  }
  return answer;
}
