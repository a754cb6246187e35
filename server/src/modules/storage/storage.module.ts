import type { AppModule } from '../module.ts';
import { registerStorageUsageRoute } from './storage.routes.ts';
import type { StorageService } from './storage.service.ts';

/** The cloud storage service's signed usage reports (a plain route, not an envelope call). */
export function storageModule(d: {
  storage: StorageService;
  storageSecret: string | undefined;
  now: () => Date;
}): AppModule {
  return {
    register: (app) => registerStorageUsageRoute(app, { storage: d.storage, secret: d.storageSecret, now: d.now }),
  };
}
