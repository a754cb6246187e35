import type { AppModule } from '../module.ts';
import { createDevicesCalls } from './devices.routes.ts';
import type { DevicesService } from './devices.service.ts';

/** My devices. */
export function devicesModule(d: { devices: DevicesService }): AppModule {
  return { calls: createDevicesCalls(d) };
}
