/** Runs the Tencent Cloud FaceID fake for the e2e China server (e2e/support/faceid-fake-config.ts). */
import { startFaceIdFake } from '../../server/test/fakes/identity/tencent-faceid.fake.ts';
import { FACEID_FAKE, FACEID_RECORDS } from './faceid-fake-config.ts';

const fake = await startFaceIdFake({
  port: FACEID_FAKE.port,
  secretId: FACEID_FAKE.secretId,
  secretKey: FACEID_FAKE.secretKey,
  records: FACEID_RECORDS,
});
console.log(`Tencent FaceID fake at ${fake.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => fake.close().then(() => process.exit(0)));
}
