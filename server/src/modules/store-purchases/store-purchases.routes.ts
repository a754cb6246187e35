/**
 * POST /order/v5/pay/notify/appstore: App Store Server Notifications V2, beside the payment
 * gateways' notifications (docs/decisions/0048-app-store-purchases.md). Apple posts
 * `{"signedPayload": "<JWS>"}`; a verified notification that was applied (or a copy of one)
 * answers 200 with an empty body, anything refused answers 400 with the envelope's error
 * (its catalogue code) and Apple retries it on its schedule. Refusals are counted, not audited.
 */
import { Code, type TCode } from '@ac/protocol/codes';
import { httpPaths } from '@ac/protocol/http-paths';
import type { FastifyInstance } from 'fastify';
import type { AppStoreVerifier } from '../../adapters/payments/app-store.ts';
import { type FastspringEvent, verifyFastspringWebhook } from '../../adapters/payments/fastspring.gateway.ts';
import type { GooglePlayClient } from '../../adapters/payments/google-play.ts';
import { errorAnswer } from '../../envelope/answer.ts';
import { AppError } from '../../lib/app-error.ts';
import { countRefusedNotification } from '../payments/notify-refusals.ts';
import { NOTIFY_RATE_LIMIT } from '../payments/payments.routes.ts';
import type { AppStoreEvents } from './app-store-events.ts';
import type { FastspringEvents, FastspringOutcome } from './fastspring-events.ts';
import { type GooglePlayEvents, needsPurchase } from './google-play-events.ts';
import type { StoreOutcome } from './store-orders.ts';

const BODY_LIMIT = 64 * 1024;

const REFUSAL_CODES: Partial<Record<StoreOutcome, TCode>> = {
  unknownAccount: Code.storeAccountUnknown,
  unknownProduct: Code.storeProductUnknown,
  unsupportedCurrency: Code.storeCurrencyUnsupported,
};

export async function registerAppStoreNotify(
  app: FastifyInstance,
  d: { verify: AppStoreVerifier; apply: AppStoreEvents },
) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      httpPaths.appStoreNotify,
      {
        bodyLimit: BODY_LIMIT,
        config: { rateLimit: NOTIFY_RATE_LIMIT },
        schema: {
          summary: 'App Store Server Notifications V2',
          tags: ['payments'],
          description:
            'Called by Apple, not by clients: `{"signedPayload": "<JWS>"}` signed with an x5c chain up to Apple Root CA - G3, verified with @apple/app-store-server-library (bundle id, app id, environment). SUBSCRIBED/DID_RENEW: an order of type appStoreAutoRenewal and the membership extended once per transaction; REFUND/REVOKE: the order refunded and the membership shortened; EXPIRED/DID_FAIL_TO_RENEW: recorded. Answers 200 with an empty body; refused: 400 with the error envelope (2600020 not signed by Apple, 2600021 no account of ours in appAccountToken, 2600022 unknown product, 2600023 currency not recorded).',
        },
      },
      async (req, reply) => {
        const rawBody = typeof req.body === 'string' ? req.body : '';
        try {
          const notification = await d.verify(rawBody);
          const outcome = await d.apply(notification);
          const refusal = REFUSAL_CODES[outcome];
          if (refusal) throw new AppError(refusal, `${notification.notificationType} ${notification.notificationUUID}`);
          req.log.info({ notification: notification.notificationUUID, outcome }, 'app store notification');
          return reply.status(200).header('cache-control', 'no-store').send('');
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          countRefusedNotification('appStore', e.code);
          req.log.warn({ code: e.code, reason: e.message }, 'app store notification refused');
          const status = e.code === Code.serviceUnavailable ? 503 : 400;
          return reply
            .status(status)
            .header('cache-control', 'no-store')
            .send(errorAnswer(false, e.code, e.message));
        }
      },
    );
  });
}

/**
 * POST /order/v5/pay/notify/googleplay: Google Play real-time developer notifications, pushed by
 * Pub/Sub with Google's OIDC token. 204 acknowledges (Pub/Sub stops retrying); refused: 400 with
 * the error envelope (Pub/Sub retries with backoff); the Android Publisher API unreachable: 503.
 */
export async function registerGooglePlayNotify(
  app: FastifyInstance,
  d: { client: GooglePlayClient; apply: GooglePlayEvents },
) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      httpPaths.googlePlayNotify,
      {
        bodyLimit: BODY_LIMIT,
        config: { rateLimit: NOTIFY_RATE_LIMIT },
        schema: {
          summary: 'Google Play real-time developer notifications (Pub/Sub push)',
          tags: ['payments'],
          description:
            'Called by Pub/Sub, not by clients: a push message whose `data` is the DeveloperNotification, with `Authorization: Bearer <OIDC token>` signed by Google for our audience and push service account. The purchase is read with purchases.subscriptionsv2.get; it names the member in obfuscatedExternalAccountId. PURCHASED/RENEWED/RECOVERED/RESTARTED: an order of type googlePlayAutoRenewal per Google Play order and the membership extended once; REVOKED and voided purchases: the order refunded and the membership shortened; CANCELED/ON_HOLD/IN_GRACE_PERIOD/EXPIRED: recorded. Answers 204; refused: 400 with the error envelope (2600020-2600023).',
        },
      },
      async (req, reply) => {
        const rawBody = typeof req.body === 'string' ? req.body : '';
        const auth = req.headers.authorization;
        try {
          const n = await d.client.verifyPush(rawBody, Array.isArray(auth) ? auth[0] : auth);
          const purchase = needsPurchase(n) && n.purchaseToken ? await d.client.subscription(n.purchaseToken) : null;
          const outcome = await d.apply(n, purchase);
          const refusal = REFUSAL_CODES[outcome];
          if (refusal) throw new AppError(refusal, `${n.notificationType} ${n.messageId}`);
          req.log.info({ message: n.messageId, outcome }, 'google play notification');
          return reply.status(204).header('cache-control', 'no-store').send();
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          countRefusedNotification('googlePlay', e.code);
          req.log.warn({ code: e.code, reason: e.message }, 'google play notification refused');
          const status = e.code === Code.serviceUnavailable ? 503 : 400;
          return reply
            .status(status)
            .header('cache-control', 'no-store')
            .send(errorAnswer(false, e.code, e.message));
        }
      },
    );
  });
}

const FASTSPRING_REFUSAL_CODES: Partial<Record<FastspringOutcome, TCode>> = {
  unknownAccount: Code.storefrontAccountUnknown,
  otherMode: Code.storefrontOtherMode,
  unknownSubscription: Code.storefrontSubscriptionUnknown,
  unknownProduct: Code.storeProductUnknown,
  unsupportedCurrency: Code.storeCurrencyUnsupported,
};

/**
 * POST /order/v5/pay/notify/fastspring: FastSpring's server webhooks (docs/decisions/0053-popup-storefront.md),
 * a batch `{"events": [...]}` signed with X-FS-Signature. Every event is applied (each once, by
 * its id); 200 with an empty body when all were, else 400 with the envelope of the first refusal
 * (FastSpring sends the batch again; what was applied is then a duplicate).
 */
export async function registerFastspringNotify(
  app: FastifyInstance,
  d: { webhookSecret: string; apply: FastspringEvents },
) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      httpPaths.fastspringWebhook,
      {
        bodyLimit: BODY_LIMIT,
        config: { rateLimit: NOTIFY_RATE_LIMIT },
        schema: {
          summary: 'FastSpring server webhooks (the popup storefront)',
          tags: ['payments'],
          description:
            'Called by FastSpring, not by clients: `{"events":[{id,type,live,data}]}` with `X-FS-Signature` = base64 HMAC-SHA256 of the raw body under FASTSPRING_WEBHOOK_SECRET. order.completed (tagged with our orderNo and account): the order paid and the membership granted; subscription.charge.completed: an order of type renewal and the membership extended once per FastSpring order; return.created: the order refunded (partly: 8, wholly: 5); subscription.activated/canceled: recorded. Each event once by its id. Answers 200 with an empty body; refused: 400 with the error envelope (2600040 not signed with our secret, 2600041 no account of ours, 2600042 an event of the other mode, 2600043 a subscription not bought through our checkout, 2000008 amount or currency not the order’s).',
        },
      },
      async (req, reply) => {
        const rawBody = typeof req.body === 'string' ? req.body : '';
        const signature = req.headers['x-fs-signature'];
        let refusal: AppError | null = null;
        try {
          const events = verifyFastspringWebhook(
            d.webhookSecret,
            rawBody,
            Array.isArray(signature) ? signature[0] : signature,
          );
          for (const e of events) {
            const outcome = await applyOne(e);
            req.log.info({ event: e.id, type: e.type, outcome }, 'fastspring event');
          }
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          refusal = e;
        }
        if (!refusal) return reply.status(200).header('cache-control', 'no-store').send('');
        countRefusedNotification('fastspring', refusal.code);
        req.log.warn({ code: refusal.code, reason: refusal.message }, 'fastspring webhook refused');
        return reply
          .status(400)
          .header('cache-control', 'no-store')
          .send(errorAnswer(false, refusal.code, refusal.message));

        async function applyOne(e: FastspringEvent) {
          const outcome = await d.apply(e);
          const code = FASTSPRING_REFUSAL_CODES[outcome];
          if (code) throw new AppError(code, `${e.type} ${e.id}`);
          return outcome;
        }
      },
    );
  });
}
