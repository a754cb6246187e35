import type { AppModule } from '../module.ts';
import { createDeviceSignInCalls } from './device-sign-in.routes.ts';
import type { DeviceSignInService } from './device-sign-in.service.ts';

/** Device sign-in of CAD clients (RFC 8628): start and poll by the client, lookup, approve and deny at /device. */
export function deviceSignInModule(d: { deviceSignIn: DeviceSignInService }): AppModule {
  return { calls: createDeviceSignInCalls(d) };
}
