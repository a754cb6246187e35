/**
 * A local App Store that signs like the real one (docs/decisions/0048-app-store-purchases.md):
 * a fake root CA, an intermediate carrying Apple's WWDR marker extension (1.2.840.113635.100.6.2.1)
 * and a leaf carrying the App Store receipt-signing marker (1.2.840.113635.100.6.11.1), all P-256;
 * notifications and their transactions are ES256 JWS with `x5c` = [leaf, intermediate, root].
 * The app trusts the fake root through APPSTORE_ROOT_CERTIFICATES (refused in production).
 */
import 'reflect-metadata';
import { createSign, KeyObject, randomUUID, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const NULL_DER = new Uint8Array([0x05, 0x00]);
const YEAR = 365 * 86_400_000;

export type FakeTransaction = {
  transactionId?: string;
  originalTransactionId?: string;
  productId: string;
  appAccountToken?: string;
  purchaseDate?: number;
  expiresDate?: number;
  price?: number;
  currency?: string;
  revocationDate?: number;
};

export type FakeNotification = {
  notificationType: string;
  subtype?: string;
  notificationUUID?: string;
  transaction?: FakeTransaction;
  /** Signed for another app or environment. */
  bundleId?: string;
  environment?: string;
};

type Chain = { root: x509.X509Certificate; x5c: string[]; leafKey: KeyObject };

async function keys() {
  return (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
}

/** A root, an intermediate and a leaf with Apple's marker extensions (`markers: false` leaves them out). */
async function makeChain(name: string, markers = true): Promise<Chain> {
  const now = Date.now();
  const rootKeys = await keys();
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: `CN=${name} Root CA, O=Fake App Store, C=US`,
    notBefore: new Date(now - YEAR),
    notAfter: new Date(now + 10 * YEAR),
    signingAlgorithm: EC,
    keys: rootKeys,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  const midKeys = await keys();
  const intermediate = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    subject: `CN=${name} Worldwide Developer Relations, O=Fake App Store, C=US`,
    issuer: root.subject,
    notBefore: new Date(now - YEAR),
    notAfter: new Date(now + 5 * YEAR),
    signingAlgorithm: EC,
    publicKey: midKeys.publicKey,
    signingKey: rootKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      ...(markers ? [new x509.Extension('1.2.840.113635.100.6.2.1', false, NULL_DER)] : []),
    ],
  });
  const leafKeys = await keys();
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: '03',
    subject: `CN=${name} Prod ECC Mac App Store and iTunes Store Receipt Signing, O=Fake App Store, C=US`,
    issuer: intermediate.subject,
    notBefore: new Date(now - YEAR),
    notAfter: new Date(now + 2 * YEAR),
    signingAlgorithm: EC,
    publicKey: leafKeys.publicKey,
    signingKey: midKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      ...(markers ? [new x509.Extension('1.2.840.113635.100.6.11.1', false, NULL_DER)] : []),
    ],
  });
  const b64 = (c: x509.X509Certificate) => Buffer.from(c.rawData).toString('base64');
  return { root, x5c: [b64(leaf), b64(intermediate), b64(root)], leafKey: KeyObject.from(leafKeys.privateKey) };
}

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

function jws(chain: Chain, payload: object): string {
  const head = `${b64url(JSON.stringify({ alg: 'ES256', x5c: chain.x5c }))}.${b64url(JSON.stringify(payload))}`;
  const signature = createSign('SHA256').update(head).sign({ key: chain.leafKey, dsaEncoding: 'ieee-p1363' });
  return `${head}.${b64url(signature)}`;
}

export async function startFakeAppStore(o: { bundleId: string; environment?: 'Sandbox' | 'Production' }) {
  const chain = await makeChain('Fake Apple');
  // another CA with the same shape: what a forger holding their own root can sign
  const forged = await makeChain('Forger');
  const unmarked = await makeChain('Fake Apple Unmarked', false);
  const environment = o.environment ?? 'Sandbox';

  function transactionPayload(t: FakeTransaction, bundleId: string, env: string) {
    const now = Date.now();
    const transactionId = t.transactionId ?? String(2_000_000_000_000 + Math.floor(Math.random() * 1e12));
    return {
      transactionId,
      originalTransactionId: t.originalTransactionId ?? transactionId,
      webOrderLineItemId: String(Math.floor(Math.random() * 1e12)),
      bundleId,
      productId: t.productId,
      subscriptionGroupIdentifier: '21000001',
      purchaseDate: t.purchaseDate ?? now,
      originalPurchaseDate: t.purchaseDate ?? now,
      expiresDate: t.expiresDate ?? (t.purchaseDate ?? now) + 30 * 86_400_000,
      quantity: 1,
      type: 'Auto-Renewable Subscription',
      ...(t.appAccountToken ? { appAccountToken: t.appAccountToken } : {}),
      inAppOwnershipType: 'PURCHASED',
      signedDate: now,
      environment: env,
      transactionReason: 'PURCHASE',
      storefront: 'USA',
      storefrontId: '143441',
      price: t.price ?? 3990,
      currency: t.currency ?? 'USD',
      ...(t.revocationDate ? { revocationDate: t.revocationDate, revocationReason: 0 } : {}),
    };
  }

  /** The body Apple posts: `{"signedPayload": …}` signed by `by` (the fake Apple by default). */
  function notification(n: FakeNotification, by: 'apple' | 'forger' | 'unmarked' = 'apple'): string {
    const signer = by === 'apple' ? chain : by === 'forger' ? forged : unmarked;
    const bundleId = n.bundleId ?? o.bundleId;
    const env = n.environment ?? environment;
    const payload = {
      notificationType: n.notificationType,
      ...(n.subtype ? { subtype: n.subtype } : {}),
      notificationUUID: n.notificationUUID ?? randomUUID(),
      version: '2.0',
      signedDate: Date.now(),
      data: {
        bundleId,
        environment: env,
        status: 1,
        ...(n.transaction
          ? { signedTransactionInfo: jws(signer, transactionPayload(n.transaction, bundleId, env)) }
          : {}),
      },
    };
    return JSON.stringify({ signedPayload: jws(signer, payload) });
  }

  return {
    /** The fake root, PEM: the value of APPSTORE_ROOT_CERTIFICATES. */
    rootPem: chain.root.toString('pem'),
    notification,
    /** A correctly signed notification whose signature bytes were then changed. */
    tampered(n: FakeNotification): string {
      const { signedPayload } = JSON.parse(notification(n)) as { signedPayload: string };
      const [h, p] = signedPayload.split('.');
      const body = JSON.parse(Buffer.from(p!, 'base64url').toString()) as { notificationType: string };
      body.notificationType = 'DID_RENEW';
      return JSON.stringify({ signedPayload: `${h}.${b64url(JSON.stringify(body))}.${signedPayload.split('.')[2]}` });
    },
    url: '',
    close: async () => {},
  };
}
export type FakeAppStore = Awaited<ReturnType<typeof startFakeAppStore>>;
