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
import { errorAnswer } from '../../envelope/answer.ts';
import { AppError } from '../../lib/app-error.ts';
import { countRefusedNotification } from '../payments/notify-refusals.ts';
import { NOTIFY_RATE_LIMIT } from '../payments/payments.routes.ts';
import type { AppStoreEvents, AppStoreOutcome } from './app-store-events.ts';

const BODY_LIMIT = 64 * 1024;

const REFUSAL_CODES: Partial<Record<AppStoreOutcome, TCode>> = {
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
