import type { TRegion } from '@ac/protocol/enums';
import type { AppModule } from '../module.ts';
import { createRegistrationCalls } from './registration.routes.ts';
import type { RegistrationService } from './registration.service.ts';

/** Registration and activation (the forgotten password is the recovery module's). */
export function registrationModule(d: { registration: RegistrationService; region: TRegion }): AppModule {
  return { calls: createRegistrationCalls(d) };
}
