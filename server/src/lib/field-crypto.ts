/**
 * Fields kept encrypted at rest (docs/decisions/0009-trade-account.md):
 * AES-256-GCM under the configured 32-byte key, a fresh 96-bit IV per value,
 * and associated data naming the column and the row's owner, so a value
 * copied to another row or column does not decrypt. Stored as
 * `v1.<iv>.<ciphertext>.<tag>` (base64url).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export type FieldCipher = {
  encrypt(plain: string, context: string): string;
  decrypt(stored: string, context: string): string;
};

export function createFieldCipher(key: Buffer): FieldCipher {
  if (key.length !== 32) throw new Error('the field encryption key must be 32 bytes');
  return {
    encrypt(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, data, cipher.getAuthTag()]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(stored, context) {
      const [version, iv, data, tag] = stored.split('.');
      if (version !== 'v1' || !iv || data === undefined || !tag) throw new Error('not an encrypted field');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
