/**
 * The fake FastSpring for the e2e run, on a fixed port: its Store Builder Library script opens the
 * popup over the member's page; the popup's Pay button posts the signed order.completed to the
 * us2 server's webhook. Started by support/start-servers.ts (support/fakes.ts).
 */
import { httpPaths } from '@ac/protocol/http-paths';
import { startFakeFastspring } from '../../server/test/fakes/fastspring/fastspring.fake.ts';
import { FASTSPRING } from './fastspring-config.ts';
import { servers } from './servers.ts';

const fake = await startFakeFastspring({
  publicKey: FASTSPRING.publicKey,
  webhookSecret: FASTSPRING.webhookSecret,
  accessKey: FASTSPRING.accessKey,
  deliver: `${servers.us2.origin}${httpPaths.fastspringWebhook}`,
  port: FASTSPRING.port,
});
console.log(`fake fastspring at ${fake.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => fake.close().then(() => process.exit(0)));
}
