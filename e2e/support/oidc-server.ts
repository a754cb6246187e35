/**
 * The local OpenID Connect provider the e2e servers use as "google"
 * (overseas) and "qq" (China; WeChat and Facebook go through their native
 * adapters and support/oauth-fake.ts): the same oidc-provider the server tests use,
 * on a fixed port, with the callback pages of both region servers.
 * Started by support/start-servers.ts (support/fakes.ts).
 */
import { startOidcProvider } from '../../server/test/oidc-provider.ts';
import { OIDC, servers } from './servers.ts';

const redirectUris = [
  `${servers.us.url}/third_bind/callback/google`,
  `${servers.us.url}/login/callback/google`,
  `${servers.cn.url}/third_bind/callback/qq`,
  `${servers.cn.url}/login/callback/qq`,
];

const provider = await startOidcProvider(
  { clientId: OIDC.clientId, clientSecret: OIDC.clientSecret, redirectUris },
  OIDC.port,
);
console.log(`oidc provider at ${provider.issuer}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => provider.close().then(() => process.exit(0)));
}
