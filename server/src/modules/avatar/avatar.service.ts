/**
 * Avatars: a checked, re-encoded image stored under a random name, the
 * user's favicon URL switched to it in one transaction, the old file
 * removed afterwards. Files are served at GET /avatars/<name>.
 */

import { Code } from '@ac/protocol/codes';
import { httpPaths } from '@ac/protocol/http-paths';
import { AVATAR_NAME_RE, type AvatarStore } from '../../adapters/avatar-store.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/hashing.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { UserService } from '../user/user.service.ts';
import { normaliseAvatar } from './avatar-image.ts';

export const AVATAR_PATH = httpPaths.avatarPrefix;
const CONTENT_TYPES = { jpg: 'image/jpeg', png: 'image/png' } as const;

/** The store name inside a favicon URL this server gave out, or null for any other URL. */
export function avatarNameOf(favicon: string | null): string | null {
  if (!favicon) return null;
  let path: string;
  try {
    path = new URL(favicon, 'http://local').pathname;
  } catch {
    return null;
  }
  if (!path.startsWith(AVATAR_PATH)) return null;
  const name = path.slice(AVATAR_PATH.length);
  return AVATAR_NAME_RE.test(name) ? name : null;
}

type Origin = { ip: string; requestId: string };
type Log = { warn(obj: object, msg: string): void };

type Deps = {
  db: Db;
  store: AvatarStore;
  users: Pick<UserService, 'lockLive' | 'setFavicon'>;
  audit: AuditService;
  publicUrl: string;
  log: Log;
  now?: () => Date;
};

export function createAvatarService(d: Deps) {
  const { db, store, publicUrl, log } = d;
  const now = d.now ?? (() => new Date());
  async function removeQuietly(name: string | null) {
    if (!name) return;
    await store.delete(name).catch((err) => log.warn({ err, name }, 'avatar file not removed'));
  }

  return {
    async upload(userId: string, file: Buffer, origin: Origin): Promise<string> {
      const image = await normaliseAvatar(file);
      const name = `${randomToken()}.${image.ext}`;
      const favicon = `${publicUrl}${AVATAR_PATH}${name}`;
      await store.put(name, image.data);
      let previous: string | null;
      try {
        previous = await db.transaction(async (tx) => {
          const user = await d.users.lockLive(userId, tx);
          if (!user) throw new AppError(Code.sessionRevoked);
          await d.users.setFavicon(userId, favicon, now(), tx);
          await d.audit.record(
            {
              event: 'avatar.uploaded',
              userId,
              ...origin,
              detail: { type: image.contentType, bytes: image.data.length },
            },
            tx,
          );
          return user.favicon;
        });
      } catch (e) {
        await removeQuietly(name);
        throw e;
      }
      await removeQuietly(avatarNameOf(previous));
      return favicon;
    },

    /** The stored file and its content type, or null. */
    async read(name: string) {
      if (!AVATAR_NAME_RE.test(name)) return null;
      const data = await store.get(name);
      if (!data) return null;
      const ext = name.slice(name.lastIndexOf('.') + 1) as keyof typeof CONTENT_TYPES;
      return { data, contentType: CONTENT_TYPES[ext] };
    },

    /** Removes the file behind a favicon URL (account deletion); other URLs are left alone. */
    removeFile: (favicon: string | null) => removeQuietly(avatarNameOf(favicon)),
  };
}
export type AvatarService = ReturnType<typeof createAvatarService>;
