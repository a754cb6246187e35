/**
 * The signature of the cloud storage service's usage reports (docs/protocol.md#storage-usage-reports):
 * HMAC-SHA256 with STORAGE_SERVICE_SECRET over `<timestamp>.<raw body>`, hex, the timestamp in
 * milliseconds since the epoch and no further than five minutes from our clock.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Code } from '@ac/protocol/codes';
import {
  STORAGE_SIGNATURE_HEADER,
  STORAGE_SIGNATURE_MAX_AGE_SECONDS,
  STORAGE_TIMESTAMP_HEADER,
} from '@ac/protocol/storage';
import { AppError } from '../../lib/app-error.ts';
import { SECOND } from '../../lib/time.ts';

export function signStorageReport(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** The headers the storage service sends with `rawBody` (and the tests, as it does). */
export function storageReportHeaders(secret: string, rawBody: string, now = Date.now()): Record<string, string> {
  const timestamp = String(now);
  return {
    'content-type': 'application/json',
    [STORAGE_TIMESTAMP_HEADER]: timestamp,
    [STORAGE_SIGNATURE_HEADER]: signStorageReport(secret, timestamp, rawBody),
  };
}

/** Throws 0000009 when the signature does not hold, 0000010 when the timestamp is too far from `now`. */
export function verifyStorageReport(
  secret: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  now: number,
): void {
  const header = (name: string) => {
    const v = headers[name];
    return (Array.isArray(v) ? v[0] : v) ?? '';
  };
  const timestamp = header(STORAGE_TIMESTAMP_HEADER);
  const given = Buffer.from(header(STORAGE_SIGNATURE_HEADER), 'utf8');
  const expected = Buffer.from(signStorageReport(secret, timestamp, rawBody), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError(Code.badSignature);
  if (!/^\d{1,16}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > STORAGE_SIGNATURE_MAX_AGE_SECONDS * SECOND) {
    throw new AppError(Code.replayedRequest, 'the report is signed too far from our clock');
  }
}
