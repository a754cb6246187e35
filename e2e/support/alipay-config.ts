/**
 * The fake Alipay OpenAPI gateway of the e2e run (server/test/fake-alipay.ts, started by
 * support/fake-alipay-server.ts): the `cn2` server's alipay-sdk talks to it (ALIPAY_GATEWAY) for
 * its agreement payments — the signing page, whose Sign button posts the RSA2-signed
 * `dut_user_sign` back to cn2 — and the deductions. The two RSA key pairs (the merchant
 * application's and the one "Alipay" signs with) are made once per run in e2e/.tmp and read by the
 * server's command, the admin command line and the fake.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { port as at } from './ports.ts';

const KEY_FILE = fileURLToPath(new URL('../.tmp/alipay-keys.json', import.meta.url));

type Keys = { app: string; alipay: string };

const newKey = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;

/** The run's two private keys: written whole by the first process that needs them, read by the others. */
function runKeys(): Keys {
  try {
    return JSON.parse(readFileSync(KEY_FILE, 'utf8')) as Keys;
  } catch {
    mkdirSync(dirname(KEY_FILE), { recursive: true });
    const draft = `${KEY_FILE}.${process.pid}`;
    writeFileSync(draft, JSON.stringify({ app: newKey(), alipay: newKey() }));
    try {
      // a link appears whole or not at all; another process's link first: use that one
      linkSync(draft, KEY_FILE);
    } catch {}
    rmSync(draft, { force: true });
    return JSON.parse(readFileSync(KEY_FILE, 'utf8')) as Keys;
  }
}

const keys = runKeys();
const publicPem = (privatePem: string) =>
  createPublicKey(privatePem).export({ type: 'spki', format: 'pem' }).toString();
const url = `http://127.0.0.1:${at(8320)}`;

export const ALIPAY = {
  port: at(8320),
  url,
  gateway: `${url}/gateway.do`,
  appId: '2021000000000002',
  /** The merchant application's private key (the server signs with it) and the public key the fake checks. */
  appPrivateKey: keys.app,
  appPublicKey: createPublicKey(keys.app),
  /** The key the fake signs its answers and notifications with, and the public key the server checks. */
  alipayPrivateKey: createPrivateKey(keys.alipay),
  alipayPublicKey: publicPem(keys.alipay),
};

/** The server's variables for Alipay through the fake, as `NAME=value` pairs (PAYMENT_PROVIDERS is set by servers.ts). */
export const alipayVariables: Record<string, string> = {
  ALIPAY_APP_ID: ALIPAY.appId,
  ALIPAY_PRIVATE_KEY: ALIPAY.appPrivateKey.trim(),
  ALIPAY_PUBLIC_KEY: ALIPAY.alipayPublicKey.trim(),
  ALIPAY_GATEWAY: ALIPAY.gateway,
};

/** The same variables on a server's command line: a key on one line, its line breaks written `\n`. */
export const alipayEnv = Object.entries(alipayVariables).map(
  ([name, value]) => `${name}='${value.replace(/\n/g, '\\n')}'`,
);
