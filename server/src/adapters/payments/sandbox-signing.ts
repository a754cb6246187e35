/**
 * The sandbox gateway's notification format: a JSON body signed with
 * HMAC-SHA256 over `<timestamp>.<body>`, sent with headers
 * x-sandbox-timestamp and x-sandbox-signature (hex).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Code } from '@ac/protocol/codes';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { MINUTE } from '../../lib/time.ts';

export const SANDBOX_MERCHANT = 'ac-sandbox';
export const TIMESTAMP_HEADER = 'x-sandbox-timestamp';
export const SIGNATURE_HEADER = 'x-sandbox-signature';
const MAX_AGE_MS = 5 * MINUTE;

export const ZSandboxNotification = z.object({
  notifyId: z.string(),
  merchant: z.string(),
  tradeNo: z.string(),
  orderNo: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['paid', 'failed']),
  decidedAt: z.string(),
});
export type TSandboxNotification = z.infer<typeof ZSandboxNotification>;

export function signSandbox(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function sandboxHeaders(secret: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = String(now);
  return {
    'content-type': 'application/json',
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: signSandbox(secret, timestamp, body),
  };
}

/** The notification if the signature and timestamp hold; AppError(badSignature) otherwise. */
export function verifySandbox(
  secret: string,
  rawBody: string,
  headers: Record<string, string | undefined>,
  now = Date.now(),
): TSandboxNotification {
  const timestamp = headers[TIMESTAMP_HEADER] ?? '';
  const given = Buffer.from(headers[SIGNATURE_HEADER] ?? '', 'utf8');
  const expected = Buffer.from(signSandbox(secret, timestamp, rawBody), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError(Code.badSignature);
  if (!/^\d+$/.test(timestamp) || Math.abs(now - Number(timestamp)) > MAX_AGE_MS) {
    throw new AppError(Code.replayedRequest, 'stale notification');
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new AppError(Code.badSignature, 'body is not JSON');
  }
  const parsed = ZSandboxNotification.safeParse(json);
  if (!parsed.success) throw new AppError(Code.badSignature, 'unexpected notification shape');
  return parsed.data;
}
