import type { TRegion } from '@ac/protocol/enums';
import type { AppModule } from '../module.ts';
import { createRecoveryCalls } from './recovery.routes.ts';
import type { RecoveryService } from './recovery.service.ts';
import { createRegistrationCalls } from './registration.routes.ts';
import type { RegistrationService } from './registration.service.ts';

/** Registration, activation and password recovery. */
export function registrationModule(d: {
  registration: RegistrationService;
  recovery: RecoveryService;
  region: TRegion;
}): AppModule {
  return { calls: [...createRegistrationCalls(d), ...createRecoveryCalls(d)] };
}
