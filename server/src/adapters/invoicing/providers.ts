/** The invoicing provider the configuration selects (docs/decisions/0041-e-invoicing-platform.md). */
import type { InvoicingConfig } from '../../config/invoicing.ts';
import { createManualInvoicing } from './manual.ts';
import { createNuonuoInvoicing } from './nuonuo.ts';
import type { InvoicingProvider } from './provider.ts';
import { createSandboxInvoicing } from './sandbox.ts';

export function createInvoicingProvider(c: InvoicingConfig): InvoicingProvider {
  switch (c.provider) {
    case 'sandbox':
      return createSandboxInvoicing();
    case 'nuonuo':
      return createNuonuoInvoicing(c.nuonuo!);
    case 'manual':
      return createManualInvoicing();
  }
}
