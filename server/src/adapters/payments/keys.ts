/** Keys from configuration (PEM or a bare base64 body) in the PEM forms the gateways' code expects. */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

function der(text: string): Buffer {
  return Buffer.from(text.replace(/\s+/g, ''), 'base64');
}

export function privateKeyOf(text: string): KeyObject {
  if (text.includes('-----BEGIN ')) return createPrivateKey(text);
  try {
    return createPrivateKey({ key: der(text), format: 'der', type: 'pkcs8' });
  } catch {
    return createPrivateKey({ key: der(text), format: 'der', type: 'pkcs1' });
  }
}

/** A public key from a PEM public key, a PEM X.509 certificate or a bare base64 SPKI body. */
export function publicKeyOf(text: string): KeyObject {
  if (text.includes('-----BEGIN ')) return createPublicKey(text);
  return createPublicKey({ key: der(text), format: 'der', type: 'spki' });
}

export const pkcs1Pem = (key: KeyObject) => key.export({ type: 'pkcs1', format: 'pem' }) as string;
export const spkiPem = (key: KeyObject) => key.export({ type: 'spki', format: 'pem' }) as string;
