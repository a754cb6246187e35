import type { TRegion } from '@ac/protocol/enums';
import type { AppModule } from '../module.ts';
import { createRecoveryCalls } from './recovery.routes.ts';
import type { RecoveryService } from './recovery.service.ts';

/** Forgotten password: the reset link by mail, the reset by link or by code. */
export function recoveryModule(d: { recovery: RecoveryService; region: TRegion }): AppModule {
  return { calls: createRecoveryCalls(d) };
}
