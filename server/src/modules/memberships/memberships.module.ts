import type { AppModule } from '../module.ts';
import { createMembershipsCalls } from './memberships.routes.ts';
import type { MembershipsService } from './memberships.service.ts';

/** My membership products. */
export function membershipsModule(d: { memberships: MembershipsService }): AppModule {
  return { calls: createMembershipsCalls(d) };
}
