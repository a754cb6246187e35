import type { AppModule } from '../module.ts';
import { createPasswordCalls } from './password.routes.ts';
import type { PasswordService } from './password.service.ts';

/** Changing the password. */
export function passwordModule(d: { passwords: PasswordService }): AppModule {
  return { calls: createPasswordCalls(d) };
}
