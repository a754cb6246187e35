/**
 * Fields kept encrypted at rest (docs/decisions/0009-trade-account.md,
 * docs/decisions/0040-field-key-rotation.md): AES-256-GCM, a fresh 96-bit IV
 * per value, and associated data naming the column and the row's owner, so a
 * value copied to another row or column does not decrypt.
 *
 * Stored as `v2.<key id>.<iv>.<ciphertext>.<tag>` (base64url), the key id
 * being the first 8 hex digits of the key's SHA-256: a value names the key it
 * was written under, so after FIELD_ENCRYPTION_KEY changes the previous keys
 * (FIELD_ENCRYPTION_PREVIOUS_KEYS) still read it until the re-encryption job
 * has moved it under the new one. Values of the first format,
 * `v1.<iv>.<ciphertext>.<tag>`, name no key: each known key is tried.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export type FieldCipher = {
  encrypt(plain: string, context: string): string;
  decrypt(stored: string, context: string): string;
  /** Whether `stored` is written under the current key (else the re-encryption job rewrites it). */
  isCurrent(stored: string): boolean;
  /** The prefix every value written under the current key starts with (`v2.<key id>.`). */
  currentPrefix: string;
};

/** The key's id in stored values: the first 8 hex digits of its SHA-256. */
export function fieldKeyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

function decryptWith(key: Buffer, iv: string, data: string, tag: string, context: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** `key` encrypts and reads; each of `previous` only reads (values written before a rotation). */
export function createFieldCipher(key: Buffer, previous: readonly Buffer[] = []): FieldCipher {
  for (const k of [key, ...previous]) {
    if (k.length !== 32) throw new Error('a field encryption key must be 32 bytes');
  }
  const currentId = fieldKeyId(key);
  const keys = new Map<string, Buffer>([...previous, key].map((k) => [fieldKeyId(k), k]));
  const currentPrefix = `v2.${currentId}.`;
  return {
    currentPrefix,
    encrypt(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${currentPrefix}${[iv, data, cipher.getAuthTag()].map((p) => p.toString('base64url')).join('.')}`;
    },
    decrypt(stored, context) {
      const parts = stored.split('.');
      if (parts[0] === 'v2' && parts.length === 5) {
        const [, id, iv, data, tag] = parts as [string, string, string, string, string];
        const k = keys.get(id);
        if (!k)
          throw new Error(`the field was encrypted under key ${id}, which is neither the current nor a previous key`);
        return decryptWith(k, iv, data, tag, context);
      }
      if (parts[0] === 'v1' && parts.length === 4) {
        const [, iv, data, tag] = parts as [string, string, string, string];
        for (const k of [key, ...previous]) {
          try {
            return decryptWith(k, iv, data, tag, context);
          } catch {
            // another key (or not this row's value): try the next
          }
        }
        throw new Error('the field does not decrypt under the current or a previous key');
      }
      throw new Error('not an encrypted field');
    },
    isCurrent: (stored) => stored.startsWith(currentPrefix),
  };
}
