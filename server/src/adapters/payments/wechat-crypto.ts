/**
 * WeChat Pay API v3 cryptography with node:crypto: the request
 * Authorization header (SHA256-RSA2048), verification of the platform's
 * signature on notifications and answers, and AES-256-GCM decryption of
 * notification resources (the tag is checked).
 */
import { createDecipheriv, createSign, createVerify, type KeyObject, randomBytes } from 'node:crypto';
import { Code } from '@ac/protocol/codes';
import { AppError } from '../../lib/app-error.ts';
import { MINUTE } from '../../lib/time.ts';

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
const MAX_AGE_MS = 5 * MINUTE;

export type Resource = { algorithm?: string; ciphertext: string; nonce: string; associated_data?: string };

export function signMessage(privateKey: KeyObject, parts: string[]): string {
  return createSign('RSA-SHA256')
    .update(`${parts.join('\n')}\n`)
    .sign(privateKey, 'base64');
}

export function authorization(
  m: { mchId: string; serialNo: string; privateKey: KeyObject },
  method: string,
  urlPath: string,
  body: string,
  now = Date.now(),
): string {
  const nonce = randomBytes(16).toString('hex');
  const timestamp = String(Math.floor(now / 1000));
  const signature = signMessage(m.privateKey, [method, urlPath, timestamp, nonce, body]);
  return `${AUTH_SCHEMA} mchid="${m.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${m.serialNo}"`;
}

/** Checks the Wechatpay-* headers over `body`; AppError(badSignature) when they do not hold. */
export function verifyPlatformSignature(
  platformKey: KeyObject,
  headers: Record<string, string | undefined>,
  body: string,
  now = Date.now(),
): void {
  const timestamp = headers['wechatpay-timestamp'] ?? '';
  const nonce = headers['wechatpay-nonce'] ?? '';
  const signature = headers['wechatpay-signature'] ?? '';
  if (!/^\d+$/.test(timestamp) || !nonce || !signature) throw new AppError(Code.badSignature, 'headers missing');
  const ok = createVerify('RSA-SHA256')
    .update(`${timestamp}\n${nonce}\n${body}\n`)
    .verify(platformKey, signature, 'base64');
  if (!ok) throw new AppError(Code.badSignature);
  if (Math.abs(now - Number(timestamp) * 1000) > MAX_AGE_MS) {
    throw new AppError(Code.replayedRequest, 'stale notification');
  }
}

export function decryptResource(apiV3Key: string, r: Resource): unknown {
  const data = Buffer.from(r.ciphertext, 'base64');
  if (data.length < 17) throw new AppError(Code.badSignature, 'resource too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
  try {
    const text = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
      'utf8',
    );
    return JSON.parse(text);
  } catch {
    throw new AppError(Code.badSignature, 'resource does not decrypt');
  }
}
