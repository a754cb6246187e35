import type { AppModule } from '../module.ts';
import { registerKeyRoute } from './keys.routes.ts';
import type { KeysService } from './keys.service.ts';

/** getRsaKey, answered in clear. */
export function keysModule(d: { keys: KeysService }): AppModule {
  return { register: (app) => registerKeyRoute(app, d.keys) };
}
