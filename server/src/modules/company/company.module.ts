import type { AppModule } from '../module.ts';
import { createCompanyCalls } from './company.routes.ts';
import type { CompanyService } from './company.service.ts';

/** The user's company. */
export function companyModule(d: { companies: CompanyService }): AppModule {
  return { calls: createCompanyCalls(d) };
}
