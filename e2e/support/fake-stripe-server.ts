/**
 * The fake Stripe API for the e2e run, on a fixed port: its hosted checkout
 * page's Pay button posts the signed `checkout.session.completed` to the us2
 * server's webhook, then redirects to the session's success_url.
 * Started by support/start-servers.ts (support/fakes.ts).
 */
import { httpPaths } from '@ac/protocol/http-paths';
import { startFakeStripe } from '../../server/test/fake-stripe.ts';
import { servers } from './servers.ts';
import { STRIPE } from './stripe-config.ts';

const fake = await startFakeStripe({
  secretKey: STRIPE.secretKey,
  webhookSecret: STRIPE.webhookSecret,
  deliver: `${servers.us2.origin}${httpPaths.stripeWebhook}`,
  port: STRIPE.port,
});
console.log(`fake stripe at ${fake.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => fake.close().then(() => process.exit(0)));
}
