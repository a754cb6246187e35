/**
 * The fake Alipay gateway for the e2e run, on a fixed port: the `cn2` server's agreement signing
 * page, whose Sign button posts the signed `dut_user_sign` to the notify_url cn2 gave it and
 * returns the member to the product centre (the signing's return_url); the deductions of each
 * period (alipay.trade.pay under the agreement) and the unsigning. Started by
 * support/start-servers.ts (support/fakes.ts).
 */
import { startFakeAlipay } from '../../server/test/fake-alipay.ts';
import { ALIPAY } from './alipay-config.ts';

const fake = await startFakeAlipay({
  appId: ALIPAY.appId,
  appPublicKey: ALIPAY.appPublicKey,
  alipayPrivateKey: ALIPAY.alipayPrivateKey,
  port: ALIPAY.port,
});
console.log(`fake alipay at ${fake.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => fake.close().then(() => process.exit(0)));
}
