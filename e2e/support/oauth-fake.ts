/**
 * Runs the local fakes of WeChat and Facebook login for the e2e servers
 * (support/oauth-fake-config.ts). Started by support/start-servers.ts (support/fakes.ts).
 */
import { startOAuthFakes } from '../../server/test/fakes/oauth/fakes.ts';
import { OAUTH_FAKE } from './oauth-fake-config.ts';

const fake = await startOAuthFakes({
  port: OAUTH_FAKE.port,
  wx: { web: OAUTH_FAKE.wx, inApp: OAUTH_FAKE.wxInApp },
  facebook: { app: OAUTH_FAKE.facebook },
});
console.log(`native login fakes at ${fake.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => fake.close().then(() => process.exit(0)));
}
