/**
 * A local Google that signs like the real one (docs/decisions/0048-app-store-purchases.md): a
 * JWKS endpoint with Google's RS256 signing key, Pub/Sub pushes carrying an OIDC token signed with
 * it (issuer accounts.google.com, the push audience, the push service account's verified e-mail),
 * the OAuth token endpoint of the JWT-bearer grant (checks the service account's signature) and
 * the Android Publisher API's `purchases.subscriptionsv2.get` (checks the access token).
 * The app is pointed at it with GOOGLE_PLAY_JWKS_URL, _TOKEN_URL and _API_BASE (refused in production).
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, importSPKI, jwtVerify, SignJWT } from 'jose';

export type FakePlaySubscription = {
  latestOrderId: string;
  productId: string;
  accountId: string | null;
  expiryTime: Date;
  state?: string;
  price?: { currencyCode: string; units: string; nanos: number } | null;
};

/**
 * `port` and `serviceAccountKey` (a PKCS#8 PEM) fix what a server started apart needs to know (the
 * e2e run: e2e/support/fake-google-play-server.ts); the e2e journeys drive it over HTTP:
 * `POST /_fake/subscriptions` (a FakePlaySubscription with `token`) and `POST /_fake/push`
 * (`{notification}` → the Pub/Sub push, body and headers, signed by the fake Google).
 */
export async function startFakeGooglePlay(o: {
  packageName: string;
  audience: string;
  pushAccount: string;
  port?: number;
  serviceAccountKey?: string;
}) {
  const google = await generateKeyPair('RS256', { extractable: true });
  const forger = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(google.publicKey)), kid: 'fake-google-1', alg: 'RS256', use: 'sig' };
  const sa = o.serviceAccountKey
    ? { privateKey: createPrivateKey(o.serviceAccountKey), publicKey: createPublicKey(o.serviceAccountKey) }
    : generateKeyPairSync('rsa', { modulusLength: 2048 });
  const saEmail = 'play-reader@fake-project.iam.gserviceaccount.com';
  const saPublic = await importSPKI(sa.publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'RS256');
  const tokens = new Set<string>();
  const subscriptions = new Map<string, FakePlaySubscription>();
  let apiCalls = 0;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let raw = '';
    for await (const chunk of req) raw += chunk;
    if (url.pathname === '/jwks') return send(200, { keys: [jwk] });
    if (url.pathname === '/_fake/subscriptions' && req.method === 'POST') {
      const b = JSON.parse(raw) as Omit<FakePlaySubscription, 'expiryTime'> & { token: string; expiryTime: string };
      subscriptions.set(b.token, { ...b, expiryTime: new Date(b.expiryTime) });
      return send(200, { ok: true });
    }
    if (url.pathname === '/_fake/push' && req.method === 'POST') {
      return send(200, await push((JSON.parse(raw) as { notification: Record<string, unknown> }).notification));
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(raw);
      try {
        const { payload } = await jwtVerify(form.get('assertion') ?? '', saPublic, {
          issuer: saEmail,
          audience: `${base}/token`,
        });
        if (
          form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' ||
          !String(payload.scope).includes('androidpublisher')
        ) {
          return send(400, { error: 'invalid_grant' });
        }
      } catch {
        return send(400, { error: 'invalid_grant' });
      }
      const token = `ya29.${randomUUID()}`;
      tokens.add(token);
      return send(200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
    }
    const m = url.pathname.match(
      /^\/androidpublisher\/v3\/applications\/([^/]+)\/purchases\/subscriptionsv2\/tokens\/([^/]+)$/,
    );
    if (m && req.method === 'GET') {
      apiCalls++;
      if (!tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, '')))
        return send(401, { error: { code: 401 } });
      const s = decodeURIComponent(m[1]!) === o.packageName ? subscriptions.get(decodeURIComponent(m[2]!)) : undefined;
      if (!s) return send(404, { error: { code: 404, message: 'The purchase token was not found.' } });
      return send(200, {
        kind: 'androidpublisher#subscriptionPurchaseV2',
        startTime: new Date(s.expiryTime.getTime() - 30 * 86_400_000).toISOString(),
        subscriptionState: s.state ?? 'SUBSCRIPTION_STATE_ACTIVE',
        latestOrderId: s.latestOrderId,
        ...(s.accountId ? { externalAccountIdentifiers: { obfuscatedExternalAccountId: s.accountId } } : {}),
        lineItems: [
          {
            productId: s.productId,
            expiryTime: s.expiryTime.toISOString(),
            autoRenewingPlan: {
              autoRenewEnabled: true,
              ...(s.price === null
                ? {}
                : { recurringPrice: s.price ?? { currencyCode: 'USD', units: '3', nanos: 990_000_000 } }),
            },
          },
        ],
      });
    }
    send(404, { error: 'not found' });
  });
  await new Promise<void>((r) => server.listen(o.port ?? 0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A Pub/Sub push of `notification` (a DeveloperNotification without packageName), with its OIDC token. */
  async function push(
    notification: Record<string, unknown>,
    over: {
      by?: 'google' | 'forger';
      audience?: string;
      email?: string;
      packageName?: string;
      messageId?: string;
    } = {},
  ) {
    const key = over.by === 'forger' ? forger.privateKey : google.privateKey;
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ email: over.email ?? o.pushAccount, email_verified: true, sub: '1234567890' })
      .setProtectedHeader({ alg: 'RS256', kid: 'fake-google-1', typ: 'JWT' })
      .setIssuer('https://accounts.google.com')
      .setAudience(over.audience ?? o.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(key);
    const data = Buffer.from(
      JSON.stringify({
        version: '1.0',
        packageName: over.packageName ?? o.packageName,
        eventTimeMillis: String(Date.now()),
        ...notification,
      }),
    ).toString('base64');
    const messageId = over.messageId ?? String(Math.floor(Math.random() * 1e15));
    return {
      body: JSON.stringify({
        message: { data, messageId, message_id: messageId, publishTime: new Date().toISOString() },
        subscription: 'projects/fake/subscriptions/play-rtdn',
      }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    };
  }

  return {
    url: base,
    env: {
      GOOGLE_PLAY_PACKAGE_NAME: o.packageName,
      GOOGLE_PLAY_PUSH_AUDIENCE: o.audience,
      GOOGLE_PLAY_PUSH_SERVICE_ACCOUNT: o.pushAccount,
      GOOGLE_PLAY_SERVICE_ACCOUNT_KEY: JSON.stringify({
        type: 'service_account',
        client_email: saEmail,
        private_key: sa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      }),
      GOOGLE_PLAY_JWKS_URL: `${base}/jwks`,
      GOOGLE_PLAY_TOKEN_URL: `${base}/token`,
      GOOGLE_PLAY_API_BASE: base,
    },
    subscriptions,
    apiCalls: () => apiCalls,
    push,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type FakeGooglePlay = Awaited<ReturnType<typeof startFakeGooglePlay>>;
