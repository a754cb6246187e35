import type { AppModule } from '../module.ts';
import { createAccountCalls } from './account.routes.ts';
import type { AccountService } from './account.service.ts';

/** Deleting the account. */
export function accountModule(d: { accounts: AccountService; publicUrl: string }): AppModule {
  return { calls: createAccountCalls(d) };
}
