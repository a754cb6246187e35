/**
 * Google Play real-time developer notifications (docs/decisions/0048-app-store-purchases.md):
 * Pub/Sub pushes `{"message":{"data":"<base64 DeveloperNotification>","messageId":…},"subscription":…}`
 * with `Authorization: Bearer <Google-signed OIDC token>`; the token is verified with `jose`
 * against Google's JWKS (issuer accounts.google.com, our audience, our push service account,
 * e-mail verified). The notification itself is only a pointer: the purchase is read from the
 * Android Publisher API (`purchases.subscriptionsv2.get`) with plain fetch and a service-account
 * access token (the JWT-bearer grant) — `@googleapis/androidpublisher` would bring googleapis-common
 * and gaxios for one GET.
 */
import { Code } from '@ac/protocol/codes';
import { createRemoteJWKSet, importPKCS8, jwtVerify, SignJWT } from 'jose';
import type { GooglePlayConfig } from '../../config/google-play.ts';
import { AppError } from '../../lib/app-error.ts';

export type PlayDeveloperNotification = {
  messageId: string;
  /** subscriptionNotification.notificationType (1 RECOVERED … 13 EXPIRED), or 0 for a voided purchase. */
  notificationType: number;
  purchaseToken: string | null;
  /** A voided purchase's order id (GPA.…). */
  voidedOrderId: string | null;
  test: boolean;
};

export type PlaySubscription = {
  /** The order of the latest period (`GPA.xxxx-xxxx-xxxx-xxxxx..N`). */
  latestOrderId: string;
  state: string;
  obfuscatedAccountId: string | null;
  productId: string;
  startTime: Date | null;
  expiryTime: Date;
  /** The recurring price in minor units, with its currency (null when Google gives none). */
  price: { amount: number; currency: string } | null;
};

const invalid = (why: string) => new AppError(Code.storeNotificationInvalid, why);
const unavailable = (why: string) => new AppError(Code.serviceUnavailable, why);

export function createGooglePlayClient(c: GooglePlayConfig) {
  const jwks = createRemoteJWKSet(new URL(c.jwksUrl));
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now() + 60_000) return token.value;
    const key = await importPKCS8(c.serviceAccount.privateKey, 'RS256');
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: 'https://www.googleapis.com/auth/androidpublisher' })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(c.serviceAccount.clientEmail)
      .setAudience(c.tokenUrl)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(key);
    const res = await fetch(c.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(15_000),
    }).catch(() => null);
    const body = res?.ok ? ((await res.json()) as { access_token?: string; expires_in?: number }) : null;
    if (!body?.access_token) throw unavailable('Google token endpoint');
    token = { value: body.access_token, until: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return token.value;
  }

  return {
    /** The push's notification, once its OIDC token is Google's for us; throws 2600020 otherwise. */
    async verifyPush(rawBody: string, authorization: string | undefined): Promise<PlayDeveloperNotification> {
      const bearer = authorization?.match(/^Bearer (\S+)$/)?.[1];
      if (!bearer) throw invalid('no bearer token');
      try {
        const { payload } = await jwtVerify(bearer, jwks, {
          issuer: ['https://accounts.google.com', 'accounts.google.com'],
          audience: c.pushAudience,
          algorithms: ['RS256'],
        });
        if (payload.email !== c.pushServiceAccount || payload.email_verified !== true) throw invalid('another account');
      } catch (e) {
        if (e instanceof AppError) throw e;
        throw invalid(e instanceof Error ? e.message : 'token');
      }
      let n: {
        packageName?: string;
        subscriptionNotification?: { notificationType?: number; purchaseToken?: string };
        voidedPurchaseNotification?: { purchaseToken?: string; orderId?: string };
        testNotification?: unknown;
      };
      let messageId: string;
      try {
        const push = JSON.parse(rawBody) as { message?: { data?: string; messageId?: string; message_id?: string } };
        messageId = String(push.message?.messageId ?? push.message?.message_id ?? '');
        n = JSON.parse(Buffer.from(push.message?.data ?? '', 'base64').toString('utf8'));
      } catch {
        throw invalid('not a Pub/Sub push of a developer notification');
      }
      if (!messageId || n.packageName !== c.packageName) throw invalid('another app or no message id');
      const sub = n.subscriptionNotification;
      const voided = n.voidedPurchaseNotification;
      return {
        messageId,
        notificationType: sub?.notificationType ?? 0,
        purchaseToken: sub?.purchaseToken ?? voided?.purchaseToken ?? null,
        voidedOrderId: voided?.orderId ?? null,
        test: !!n.testNotification,
      };
    },

    /** `purchases.subscriptionsv2.get` of a purchase token; throws 2600020 for a token Google does not know. */
    async subscription(purchaseToken: string): Promise<PlaySubscription> {
      const url = `${c.apiBase}/androidpublisher/v3/applications/${encodeURIComponent(c.packageName)}/purchases/subscriptionsv2/tokens/${encodeURIComponent(purchaseToken)}`;
      const res = await fetch(url, {
        headers: { authorization: `Bearer ${await accessToken()}` },
        signal: AbortSignal.timeout(15_000),
      }).catch(() => null);
      if (!res) throw unavailable('Android Publisher API');
      if (res.status === 404 || res.status === 410 || res.status === 400) throw invalid('unknown purchase token');
      if (!res.ok) throw unavailable(`Android Publisher API ${res.status}`);
      const s = (await res.json()) as {
        latestOrderId?: string;
        subscriptionState?: string;
        startTime?: string;
        externalAccountIdentifiers?: { obfuscatedExternalAccountId?: string };
        lineItems?: {
          productId?: string;
          expiryTime?: string;
          autoRenewingPlan?: { recurringPrice?: { currencyCode?: string; units?: string; nanos?: number } };
        }[];
      };
      const item = s.lineItems?.[0];
      if (!s.latestOrderId || !item?.productId || !item.expiryTime) throw invalid('incomplete purchase');
      const price = item.autoRenewingPlan?.recurringPrice;
      return {
        latestOrderId: s.latestOrderId,
        state: s.subscriptionState ?? '',
        obfuscatedAccountId: s.externalAccountIdentifiers?.obfuscatedExternalAccountId ?? null,
        productId: item.productId,
        startTime: s.startTime ? new Date(s.startTime) : null,
        expiryTime: new Date(item.expiryTime),
        price:
          price?.currencyCode && price.units !== undefined
            ? {
                currency: price.currencyCode,
                amount: Number(price.units) * 100 + Math.round((price.nanos ?? 0) / 10_000_000),
              }
            : null,
      };
    },
  };
}
export type GooglePlayClient = ReturnType<typeof createGooglePlayClient>;
