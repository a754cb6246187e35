/**
 * App Store Server Notifications V2 (docs/decisions/0048-app-store-purchases.md): the POST body
 * `{"signedPayload": "<JWS>"}` is verified with `@apple/app-store-server-library`'s
 * SignedDataVerifier (the x5c chain up to the configured root, Apple's intermediate and leaf
 * marker extensions, the ES256 signature, bundle id, app id and environment), and so is the
 * transaction inside it (`data.signedTransactionInfo`, a JWS of its own).
 */

import { Code } from '@ac/protocol/codes';
import {
  Environment,
  SignedDataVerifier,
  VerificationException,
  VerificationStatus,
} from '@apple/app-store-server-library';
import type { AppStoreConfig } from '../../config/app-store.ts';
import { AppError } from '../../lib/app-error.ts';

export type AppStoreTransaction = {
  transactionId: string;
  originalTransactionId: string;
  productId: string;
  /** Set by the app at purchase: our member's account id (a UUID). */
  appAccountToken: string | null;
  purchaseDate: Date;
  expiresDate: Date | null;
  /** The price in milli-units of `currency` (App Store's `price`). */
  price: number | null;
  currency: string | null;
  revocationDate: Date | null;
};

export type AppStoreNotification = {
  notificationUUID: string;
  notificationType: string;
  subtype: string | null;
  signedDate: Date;
  transaction: AppStoreTransaction | null;
};

const invalid = (why: string) => new AppError(Code.storeNotificationInvalid, why);

export function createAppStoreVerifier(c: AppStoreConfig) {
  const verifier = new SignedDataVerifier(
    c.rootCertificates,
    c.onlineChecks,
    c.environment === 'Production' ? Environment.PRODUCTION : Environment.SANDBOX,
    c.bundleId,
    c.appAppleId,
  );

  async function verified<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (e) {
      if (e instanceof VerificationException) {
        // Apple's OCSP responder out of reach: Apple retries the notification later
        if (e.status === VerificationStatus.RETRYABLE_VERIFICATION_FAILURE) {
          throw new AppError(Code.serviceUnavailable, 'App Store certificate status check failed');
        }
        throw invalid(`verification status ${e.status}`);
      }
      throw invalid(e instanceof Error ? e.message : 'unreadable');
    }
  }

  /** The notification of a raw POST body, verified; throws 2600020 when it is not Apple's. */
  return async function verify(rawBody: string): Promise<AppStoreNotification> {
    let signedPayload: unknown;
    try {
      signedPayload = (JSON.parse(rawBody) as { signedPayload?: unknown }).signedPayload;
    } catch {
      throw invalid('the body is not JSON');
    }
    if (typeof signedPayload !== 'string' || !signedPayload) throw invalid('no signedPayload');
    const n = await verified(() => verifier.verifyAndDecodeNotification(signedPayload));
    if (!n.notificationUUID || !n.notificationType || !n.signedDate) throw invalid('incomplete notification');
    const signedTx = n.data?.signedTransactionInfo;
    const t = signedTx ? await verified(() => verifier.verifyAndDecodeTransaction(signedTx)) : null;
    let transaction: AppStoreTransaction | null = null;
    if (t) {
      if (!t.transactionId || !t.productId || !t.purchaseDate) throw invalid('incomplete transaction');
      transaction = {
        transactionId: t.transactionId,
        originalTransactionId: t.originalTransactionId ?? t.transactionId,
        productId: t.productId,
        appAccountToken: t.appAccountToken ?? null,
        purchaseDate: new Date(t.purchaseDate),
        expiresDate: t.expiresDate ? new Date(t.expiresDate) : null,
        price: typeof t.price === 'number' ? t.price : null,
        currency: t.currency ?? null,
        revocationDate: t.revocationDate ? new Date(t.revocationDate) : null,
      };
    }
    return {
      notificationUUID: n.notificationUUID,
      notificationType: String(n.notificationType),
      subtype: n.subtype ? String(n.subtype) : null,
      signedDate: new Date(n.signedDate),
      transaction,
    };
  };
}
export type AppStoreVerifier = ReturnType<typeof createAppStoreVerifier>;
