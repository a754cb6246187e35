import type { AppModule } from '../module.ts';
import { createProfileCalls } from './profile.routes.ts';
import type { ProfileService } from './profile.service.ts';

/** The user's profile: detail and update. */
export function profileModule(d: { profile: ProfileService }): AppModule {
  return { calls: createProfileCalls(d) };
}
