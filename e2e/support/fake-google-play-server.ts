/**
 * The fake Google for the e2e run, on a fixed port: its JWKS, OAuth token endpoint and Android
 * Publisher API answer the us server; a journey sets a purchase (`POST /_fake/subscriptions`) and
 * has the push signed (`POST /_fake/push`), then posts it to the server as Pub/Sub would.
 * Started by support/start-servers.ts (support/fakes.ts).
 */
import { startFakeGooglePlay } from '../../server/test/fakes/google-play/google-play.fake.ts';
import { GOOGLE_PLAY } from './google-play-config.ts';

const fake = await startFakeGooglePlay({
  packageName: GOOGLE_PLAY.packageName,
  audience: GOOGLE_PLAY.audience,
  pushAccount: GOOGLE_PLAY.pushAccount,
  port: GOOGLE_PLAY.port,
  serviceAccountKey: GOOGLE_PLAY.serviceAccountKey,
});
console.log(`fake google play at ${fake.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => fake.close().then(() => process.exit(0)));
}
