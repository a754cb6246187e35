import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFieldCipher, fieldKeyId } from './field-crypto.ts';

const OLD = Buffer.alloc(32, 1);
const NEW = Buffer.alloc(32, 2);

/** A value as the first format wrote it (`v1.<iv>.<data>.<tag>`, no key id). */
function v1(key: Buffer, plain: string, context: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), data.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(
    '.',
  );
}

describe('field encryption with key rotation', () => {
  it('writes v2 values naming the key, bound to their context', () => {
    const c = createFieldCipher(NEW);
    const stored = c.encrypt('110101199003071233', 'id_number:u1');
    expect(stored.startsWith(`v2.${fieldKeyId(NEW)}.`)).toBe(true);
    expect(c.isCurrent(stored)).toBe(true);
    expect(c.decrypt(stored, 'id_number:u1')).toBe('110101199003071233');
    expect(() => c.decrypt(stored, 'id_number:u2')).toThrow();
  });

  it('after a rotation, values under the previous key (v2 or v1) still read and are not current', () => {
    const before = createFieldCipher(OLD);
    const underOld = before.encrypt('张三丰', 'real_name:u1');
    const firstFormat = v1(OLD, '张三丰', 'real_name:u1');
    const after = createFieldCipher(NEW, [OLD]);
    expect(after.decrypt(underOld, 'real_name:u1')).toBe('张三丰');
    expect(after.decrypt(firstFormat, 'real_name:u1')).toBe('张三丰');
    expect(after.isCurrent(underOld)).toBe(false);
    expect(after.isCurrent(firstFormat)).toBe(false);
    // the current key reads the first format too
    expect(createFieldCipher(OLD).decrypt(firstFormat, 'real_name:u1')).toBe('张三丰');
  });

  it('a value under a key no longer configured fails loudly, naming the key', () => {
    const underOld = createFieldCipher(OLD).encrypt('x', 'c');
    expect(() => createFieldCipher(NEW).decrypt(underOld, 'c')).toThrow(fieldKeyId(OLD));
    expect(() => createFieldCipher(NEW).decrypt(v1(OLD, 'x', 'c'), 'c')).toThrow(/does not decrypt/);
    expect(() => createFieldCipher(NEW).decrypt('plain text', 'c')).toThrow(/not an encrypted field/);
  });

  it('refuses keys that are not 32 bytes', () => {
    expect(() => createFieldCipher(Buffer.alloc(16))).toThrow(/32 bytes/);
    expect(() => createFieldCipher(NEW, [Buffer.alloc(31)])).toThrow(/32 bytes/);
  });
});
