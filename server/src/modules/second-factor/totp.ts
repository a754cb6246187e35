/**
 * Authenticator-app codes (RFC 6238 TOTP: SHA-1, six digits, 30 s steps) with
 * otplib. A code is accepted one step either side of the clock, and only for
 * a step later than the last one used (the replay guard).
 */

import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';

const PERIOD_S = 30;
/** Clock drift allowed: one step either side. */
const TOLERANCE_S = PERIOD_S;

export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// URL an app reads from the QR code. */
export function totpUrl(secret: string, issuer: string, label: string): string {
  return generateURI({ issuer, label, secret, period: PERIOD_S });
}

/** The otpauth URL as a PNG data URL (the page shows it as an image; CSP allows data: images). */
export function totpQrDataUrl(url: string): Promise<string> {
  return QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
}

/** The time step the code belongs to, or null when it is wrong or its step is not after `afterStep`. */
export function verifyTotp(secret: string, code: string, at: Date, afterStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(at.getTime() / 1000),
    period: PERIOD_S,
    epochTolerance: TOLERANCE_S,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
