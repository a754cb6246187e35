/**
 * Where avatar files live. The interface is what a bucket store (S3, OSS…)
 * implements; the local store keeps them under DATA_DIR/avatars. Names are
 * random and checked, so a name never reaches outside the store.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export type AvatarStore = {
  put(name: string, data: Buffer): Promise<void>;
  /** The file, or null when there is none. */
  get(name: string): Promise<Buffer | null>;
  /** Removes the file; a missing file is not an error. */
  delete(name: string): Promise<void>;
};

/** `<random base64url>.<jpg|png>`, the only names the store accepts. */
export const AVATAR_NAME_RE = /^[A-Za-z0-9_-]{16,64}\.(jpg|png)$/;

function checked(name: string): string {
  if (!AVATAR_NAME_RE.test(name)) throw new Error(`bad avatar name: ${name}`);
  return name;
}

export function createLocalAvatarStore(dir: string): AvatarStore {
  let ready: Promise<unknown> | undefined;
  return {
    async put(name, data) {
      ready ??= mkdir(dir, { recursive: true });
      await ready;
      await writeFile(join(dir, checked(name)), data, { flag: 'wx' });
    },
    async get(name) {
      try {
        return await readFile(join(dir, checked(name)));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(name) {
      await rm(join(dir, checked(name)), { force: true });
    },
  };
}
