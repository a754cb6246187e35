/**
 * Where avatar files live. The interface is what a bucket store (S3, OSS…)
 * implements; the database store keeps them in the `avatar_files` table, so
 * every instance on the same database serves every file. Names are random
 * and checked, so a name never selects anything but an avatar.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { avatarFiles } from '../db/schema/index.ts';

export type AvatarStore = {
  put(name: string, data: Buffer): Promise<void>;
  /** The file, or null when there is none. */
  get(name: string): Promise<Buffer | null>;
  /** Removes the file; a missing file is not an error. */
  delete(name: string): Promise<void>;
};

/** `<random base64url>.<jpg|png>`, the only names the store accepts. */
export const AVATAR_NAME_RE = /^[A-Za-z0-9_-]{16,64}\.(jpg|png)$/;

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png' };

function checked(name: string): string {
  if (!AVATAR_NAME_RE.test(name)) throw new Error(`bad avatar name: ${name}`);
  return name;
}

export function createDbAvatarStore(db: Db): AvatarStore {
  return {
    async put(name, data) {
      const contentType = CONTENT_TYPES[checked(name).slice(name.lastIndexOf('.') + 1)] as string;
      await db.insert(avatarFiles).values({ name, contentType, bytes: data });
    },
    async get(name) {
      const [row] = await db
        .select({ bytes: avatarFiles.bytes })
        .from(avatarFiles)
        .where(eq(avatarFiles.name, checked(name)));
      return row ? row.bytes : null;
    },
    async delete(name) {
      await db.delete(avatarFiles).where(eq(avatarFiles.name, checked(name)));
    },
  };
}

/**
 * Copies the avatars an earlier version kept on disk (DATA_DIR/avatars) into
 * the table, once: names already there are skipped, the files are left in
 * place. Answers how many were copied.
 */
export async function importAvatarDirectory(db: Db, dir: string): Promise<number> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => AVATAR_NAME_RE.test(name));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw e;
  }
  let copied = 0;
  for (const name of names) {
    const contentType = CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] as string;
    const bytes = await readFile(join(dir, name));
    const inserted = await db
      .insert(avatarFiles)
      .values({ name, contentType, bytes })
      .onConflictDoNothing()
      .returning({ name: avatarFiles.name });
    copied += inserted.length;
  }
  return copied;
}
