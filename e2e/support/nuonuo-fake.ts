/** Runs the Nuonuo open platform fake for the e2e China server (e2e/support/nuonuo-fake-config.ts). */
import { startNuonuoFake } from '../../server/test/fakes/invoicing/nuonuo.fake.ts';
import { NUONUO_FAKE } from './nuonuo-fake-config.ts';

const fake = await startNuonuoFake({
  port: NUONUO_FAKE.port,
  appKey: NUONUO_FAKE.appKey,
  appSecret: NUONUO_FAKE.appSecret,
  taxNumber: NUONUO_FAKE.taxNumber,
});
console.log(`Nuonuo fake at ${fake.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => fake.close().then(() => process.exit(0)));
}
