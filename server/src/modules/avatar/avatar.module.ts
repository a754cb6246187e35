import type { Config } from '../../config/config.ts';
import type { AppModule } from '../module.ts';
import type { SessionService } from '../session/session.service.ts';
import { registerAvatarRoutes } from './avatar.routes.ts';
import type { AvatarService } from './avatar.service.ts';

/** Avatar upload (multipart, not an envelope call) and the avatar files. */
export function avatarModule(d: { avatars: AvatarService; sessions: SessionService; config: Config }): AppModule {
  return { register: (app) => registerAvatarRoutes(app, d) };
}
