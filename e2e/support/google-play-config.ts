/**
 * The fake Google of the e2e run (server/test/fakes/google-play/google-play.fake.ts, started by
 * support/start-servers.ts through support/fake-google-play-server.ts): the us server verifies
 * Google Play's Pub/Sub pushes against its JWKS and reads purchases from its Android Publisher
 * API (GOOGLE_PLAY_JWKS_URL, _TOKEN_URL, _API_BASE: refused in production). The service
 * account's key is made once per run in e2e/.tmp and read by the server's command and the fake.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { port as at } from './ports.ts';

const KEY_FILE = fileURLToPath(new URL('../.tmp/google-play-key.pem', import.meta.url));

/** The run's service-account key: written by the first process that needs it, read by the others. */
function serviceAccountKey(): string {
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

const url = `http://127.0.0.1:${at(8321)}`;

export const GOOGLE_PLAY = {
  port: at(8321),
  url,
  packageName: 'com.example.accountcenter',
  audience: 'https://account.example.com/play-push',
  pushAccount: 'pubsub-push@fake-project.iam.gserviceaccount.com',
  serviceAccountEmail: 'play-reader@fake-project.iam.gserviceaccount.com',
  /** The Google Play subscription product and the goods it grants. */
  product: 'viewer_premium_yearly',
  goodsCode: 'ML2',
  serviceAccountKey: serviceAccountKey(),
};

/** The variables of the server that takes Google Play's notifications through the fake. */
export const googlePlayEnv = [
  `GOOGLE_PLAY_PACKAGE_NAME=${GOOGLE_PLAY.packageName}`,
  `GOOGLE_PLAY_PUSH_AUDIENCE=${GOOGLE_PLAY.audience}`,
  `GOOGLE_PLAY_PUSH_SERVICE_ACCOUNT=${GOOGLE_PLAY.pushAccount}`,
  `GOOGLE_PLAY_SERVICE_ACCOUNT_KEY='${JSON.stringify({
    type: 'service_account',
    client_email: GOOGLE_PLAY.serviceAccountEmail,
    private_key: GOOGLE_PLAY.serviceAccountKey,
  })}'`,
  `GOOGLE_PLAY_PRODUCTS=${GOOGLE_PLAY.product}=${GOOGLE_PLAY.goodsCode}`,
  `GOOGLE_PLAY_JWKS_URL=${url}/jwks`,
  `GOOGLE_PLAY_TOKEN_URL=${url}/token`,
  `GOOGLE_PLAY_API_BASE=${url}`,
];
