import type { PaymentGateways } from '../../adapters/payments/gateways.ts';
import type { AppModule } from '../module.ts';
import { createPaymentsCalls, registerPaymentNotify } from './payments.routes.ts';
import type { PaymentsService } from './payments.service.ts';
import { registerSandboxCheckout } from './sandbox-checkout.routes.ts';

/**
 * Paying an order and its state (envelope calls), gateway notifications (the gateways' own formats, not envelopes) and, when
 * the sandbox gateway is on, its checkout page; its pending notifications
 * resume once the app is ready.
 */
export function paymentsModule(d: { payments: PaymentsService; gateways: PaymentGateways }): AppModule {
  return {
    calls: createPaymentsCalls(d),
    async register(app) {
      await registerPaymentNotify(app, d);
      const { sandbox, returnUrl } = d.gateways;
      if (sandbox) {
        await registerSandboxCheckout(app, { ...sandbox, returnUrl });
        app.addHook('onReady', () => sandbox.notifier.resume());
      }
    },
  };
}
