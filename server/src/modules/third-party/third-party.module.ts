import type { TRegion } from '@ac/protocol/enums';
import type { AppModule } from '../module.ts';
import { createThirdLoginCalls } from './third-login.routes.ts';
import type { ThirdLoginService } from './third-login.service.ts';
import { createThirdPartyCalls } from './third-party.routes.ts';
import type { ThirdPartyService } from './third-party.service.ts';

/** Third-party logins: binding them to the account, and logging in with them. */
export function thirdPartyModule(d: {
  thirdParty: ThirdPartyService;
  thirdLogin: ThirdLoginService;
  region: TRegion;
  publicUrl: string;
}): AppModule {
  return { calls: [...createThirdPartyCalls(d), ...createThirdLoginCalls(d)] };
}
