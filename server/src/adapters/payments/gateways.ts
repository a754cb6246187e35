/**
 * The gateways PAYMENT_PROVIDERS enables, and which one serves a pay
 * method: 2 → Alipay, 3 → WeChat Pay, 7 → Stripe, or PayPal with the
 * `paypal` channel, or FastSpring's popup storefront with the `fastspring` channel (each when enabled and able to take the order's
 * currency), otherwise the sandbox when enabled; 10 only through the sandbox.
 */

import { randomBytes } from 'node:crypto';
import { Code } from '@ac/protocol/codes';
import {
  PayMethod,
  type TCurrency,
  type TPayChannel,
  type TPayMethod,
  type TPaymentProvider,
} from '@ac/protocol/enums';
import { httpPaths } from '@ac/protocol/http-paths';
import type { Config } from '../../config/config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { lazy } from '../../lib/lazy.ts';
import { createAlipay } from './alipay.gateway.ts';
import type { AgreementProvider, BillingProvider } from './billing.ts';
import { createFastspringGateway } from './fastspring.gateway.ts';
import { createPaypalGateway } from './paypal.gateway.ts';
import { createSandboxGateway } from './sandbox.gateway.ts';
import { createSandboxRepo, type SandboxRepo } from './sandbox.repo.ts';
import { createSandboxNotifier, type SandboxNotifier } from './sandbox-notifier.ts';
import { createStripeGateway, modeOf, providerFailed, stripeClient } from './stripe.gateway.ts';
import { createStripeBilling } from './stripe-billing.ts';
import type { PaymentGateway, PaymentLog } from './types.ts';
import { createWechatGateway } from './wechat.gateway.ts';

export const NOTIFY_PATH_PREFIX = httpPaths.payNotifyPrefix;

const PREFERRED: Record<TPayMethod, TPaymentProvider | undefined> = {
  [PayMethod.alipay]: 'alipay',
  [PayMethod.wechat]: 'wechat',
  [PayMethod.other]: 'stripe',
  [PayMethod.pay360]: undefined,
};

export type SandboxParts = { repo: SandboxRepo; notifier: SandboxNotifier; secret: string };

export function createPaymentGateways(config: Config, db: DbOrTx, log: PaymentLog) {
  const gateways = new Map<TPaymentProvider, PaymentGateway>();
  const p = config.payments;
  const returnUrl = `${config.publicUrl}${config.basePath}/order`;
  let sandbox: SandboxParts | undefined;

  if (p.providers.includes('sandbox')) {
    const secret = p.sandboxSecret ?? randomBytes(32).toString('hex');
    const repo = createSandboxRepo(db);
    const notifier = createSandboxNotifier({
      notifyUrl: `${config.publicUrl}${NOTIFY_PATH_PREFIX}/sandbox`,
      secret,
      repo,
      log,
    });
    sandbox = { repo, notifier, secret };
    gateways.set('sandbox', createSandboxGateway({ publicUrl: config.publicUrl, secret, repo, notifier }));
    if (config.production)
      log.warn({ providers: p.providers }, 'the sandbox gateway is enabled: orders can be paid without money');
  }
  // renewing memberships in China: Alipay agreement payments (docs/decisions/0043-subscriptions.md)
  let agreements: AgreementProvider | undefined;
  if (p.alipay) {
    const alipay = createAlipay({
      config: p.alipay,
      publicUrl: config.publicUrl,
      returnUrl,
      agreementReturnUrl: `${config.publicUrl}${config.basePath}/products`,
    });
    gateways.set('alipay', alipay.gateway);
    agreements = alipay.agreements;
  }
  if (p.wechat) gateways.set('wechat', createWechatGateway({ config: p.wechat, publicUrl: config.publicUrl }));
  if (p.stripe) gateways.set('stripe', createStripeGateway({ config: p.stripe, returnUrl }));
  if (p.paypal) gateways.set('paypal', createPaypalGateway({ config: p.paypal, returnUrl }));
  if (p.fastspring) gateways.set('fastspring', createFastspringGateway({ config: p.fastspring }));
  // renewing memberships: Stripe Billing overseas (docs/decisions/0043-subscriptions.md)
  let billing: BillingProvider | undefined;
  if (p.stripe) {
    const stripe = p.stripe;
    billing = createStripeBilling({
      client: lazy(() => stripeClient(stripe)),
      mode: modeOf(stripe.secretKey),
      returnUrl: `${config.publicUrl}${config.basePath}/products`,
      fail: providerFailed,
    });
  }

  return {
    sandbox,
    returnUrl,
    /** The billing provider of renewing memberships, when one is enabled (Stripe). */
    billing,
    /** The agreement payments of renewing memberships, when Alipay is enabled. */
    agreements,
    get: (name: string) => gateways.get(name as TPaymentProvider),
    names: () => [...gateways.keys()],
    /** The gateway for a pay method and currency; 2000006 when none is enabled. */
    forMethod(payMethod: TPayMethod, currency: TCurrency, channel?: TPayChannel): PaymentGateway {
      const preferred =
        payMethod === PayMethod.other && (channel === 'paypal' || channel === 'fastspring')
          ? channel
          : PREFERRED[payMethod];
      const real = preferred ? gateways.get(preferred) : undefined;
      if (real?.currencies.includes(currency)) return real;
      const fallback = gateways.get('sandbox');
      if (fallback) return fallback;
      throw new AppError(Code.payMethodUnavailable);
    },
    async close() {
      for (const g of gateways.values()) await g.close?.();
    },
  };
}
export type PaymentGateways = ReturnType<typeof createPaymentGateways>;
