/**
 * Test support: the TC3-HMAC-SHA256 check of Tencent Cloud's API fakes
 * (sms/tencent.fake.ts, identity/tencent-faceid.fake.ts), as Tencent documents
 * it (cloud.tencent.com/document/api/382/52072): the canonical request
 * (method, path, query, the signed headers — content-type and host at least —
 * and the payload's SHA-256), the string to sign with X-TC-Timestamp and the
 * credential scope `date/<service>/tc3_request`, the key derived from "TC3" +
 * the secret key through the date, the service and "tc3_request"; the Host
 * must be the product's API host.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FakeRequest } from './sms/fake-http.ts';

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s, 'utf8').digest();

export function header(h: FakeRequest['headers'], name: string): string {
  const v = h[name];
  return (Array.isArray(v) ? v.join(',') : (v ?? '')).trim();
}

/** Tencent's error code and message for a request whose signature does not hold, or null. */
export function tc3Refusal(
  r: FakeRequest,
  o: { secretId: string; secretKey: string; host: string; service: string },
): { code: string; message: string } | null {
  const no = (code: string, message: string) => ({ code, message });
  const auth =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      header(r.headers, 'authorization'),
    );
  if (!auth) return no('AuthFailure.InvalidAuthorization', 'Authorization is not in the TC3-HMAC-SHA256 format');
  const [, secretId = '', date = '', service = '', signedList = '', signature = ''] = auth;
  if (secretId !== o.secretId) return no('AuthFailure.SecretIdNotFound', 'The SecretId is not found');
  const timestamp = Number(header(r.headers, 'x-tc-timestamp'));
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) {
    return no('AuthFailure.SignatureExpire', 'X-TC-Timestamp is missing or more than 5 minutes off');
  }
  if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) {
    return no('AuthFailure.SignatureFailure', 'The credential date is not the date of X-TC-Timestamp');
  }
  const signed = signedList.split(';');
  if (!signed.includes('content-type') || !signed.includes('host')) {
    return no('AuthFailure.SignatureFailure', 'SignedHeaders must include content-type and host');
  }
  if (service !== o.service || header(r.headers, 'host') !== o.host) {
    return no(
      'AuthFailure.SignatureFailure',
      `the request is for ${header(r.headers, 'host')} with service ${service}`,
    );
  }
  const canonicalHeaders = signed.map((h) => `${h}:${header(r.headers, h).toLowerCase()}\n`).join('');
  const canonical = [
    r.method,
    r.url.pathname,
    r.url.search.slice(1),
    canonicalHeaders,
    signedList,
    sha256(r.body),
  ].join('\n');
  const scope = `${date}/${service}/tc3_request`;
  const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${sha256(canonical)}`;
  const key = hmac(hmac(hmac(`TC3${o.secretKey}`, date), service), 'tc3_request');
  if (!timingSafeEqual(hmac(key, stringToSign), Buffer.from(signature, 'hex'))) {
    return no('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
  }
  return null;
}
