/**
 * The fake FastSpring of the e2e run (server/test/fakes/fastspring/fastspring.fake.ts, started by
 * support/start-servers.ts): the us2 server hands the member's page its Store Builder Library
 * script (FASTSPRING_SCRIPT_URL), and it posts signed webhooks back to us2. The RSA key of the
 * secure payloads is made once per run in e2e/.tmp and read by the server's command and the fake.
 */
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { port as at } from './ports.ts';

const KEY_FILE = fileURLToPath(new URL('../.tmp/fastspring-key.pem', import.meta.url));

/** The run's private key: written by the first process that needs it, read by the others. */
function privateKey(): string {
  try {
    return readFileSync(KEY_FILE, 'utf8');
  } catch {
    const { privateKey: pem } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    mkdirSync(dirname(KEY_FILE), { recursive: true });
    try {
      writeFileSync(KEY_FILE, pem, { flag: 'wx' });
    } catch {
      // another process wrote it first: use that one
    }
    return readFileSync(KEY_FILE, 'utf8');
  }
}

const url = `http://127.0.0.1:${at(8319)}`;
const key = privateKey();

export const FASTSPRING = {
  port: at(8319),
  url,
  scriptUrl: `${url}/sbl/fastspring-builder.min.js`,
  storefront: 'accountcenter.test.onfastspring.com/popup-accountcenter',
  accessKey: 'E2eFakeFastspringAccessKey01',
  webhookSecret: 'e2e-fake-fastspring-webhook-secret-0123456789',
  privateKey: key,
  publicKey: createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString(),
};

/** The variables of a server that takes the popup storefront through the fake (PAYMENT_PROVIDERS is set by servers.ts). */
export const fastspringEnv = [
  `FASTSPRING_STOREFRONT=${FASTSPRING.storefront}`,
  `FASTSPRING_ACCESS_KEY=${FASTSPRING.accessKey}`,
  `FASTSPRING_PRIVATE_KEY='${FASTSPRING.privateKey.trim().replace(/\n/g, '\\n')}'`,
  `FASTSPRING_WEBHOOK_SECRET=${FASTSPRING.webhookSecret}`,
  'FASTSPRING_PRODUCTS=ML-A1=architecture-premium,ML2=viewer-premium',
  `FASTSPRING_SCRIPT_URL=${FASTSPRING.scriptUrl}`,
];
