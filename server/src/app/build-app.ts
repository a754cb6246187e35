/**
 * buildApp(config): the whole server without listen (tests use it).
 * Plugins register in a fixed order: external → app → routes.
 */
import { randomUUID } from 'node:crypto';
import { Code, catalogue } from '@ac/protocol/codes';
import { AVATAR_MAX_BYTES } from '@ac/protocol/profile';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { storefrontOrigins } from '../adapters/payments/fastspring.gateway.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/client.ts';
import { errorAnswer } from '../envelope/answer.ts';
import { registerCalls } from '../envelope/envelope.plugin.ts';
import { installErrorHandler } from '../envelope/error-handler.ts';
import { redisWithFallbackStore } from '../envelope/rate-limit-store.ts';
import { AppError } from '../lib/app-error.ts';
import { REDACTED, redactUrl } from '../lib/redact.ts';
import { USER_CHANGED_CHANNEL } from '../lib/user-changes.ts';
import { accountModule } from '../modules/account/account.module.ts';
import { avatarModule } from '../modules/avatar/avatar.module.ts';
import { codesModule } from '../modules/codes/codes.module.ts';
import { companyModule } from '../modules/company/company.module.ts';
import { consoleModule } from '../modules/console/console.module.ts';
import { couponsModule } from '../modules/coupons/coupons.module.ts';
import { dataExportModule } from '../modules/data-export/data-export.module.ts';
import { devModule } from '../modules/dev/dev.module.ts';
import { deviceSignInModule } from '../modules/device-sign-in/device-sign-in.module.ts';
import { devicesModule } from '../modules/devices/devices.module.ts';
import { invoiceModule } from '../modules/invoice/invoice.module.ts';
import { keysModule } from '../modules/keys/keys.module.ts';
import { membershipsModule } from '../modules/memberships/memberships.module.ts';
import type { AppModule } from '../modules/module.ts';
import { nodesModule } from '../modules/nodes/nodes.module.ts';
import { ordersModule } from '../modules/orders/orders.module.ts';
import { passwordModule } from '../modules/password/password.module.ts';
import { paymentsModule } from '../modules/payments/payments.module.ts';
import { productsModule } from '../modules/products/products.module.ts';
import { profileModule } from '../modules/profile/profile.module.ts';
import { receiptsModule } from '../modules/receipts/receipts.module.ts';
import { recoveryModule } from '../modules/recovery/recovery.module.ts';
import { redeemModule } from '../modules/redeem/redeem.module.ts';
import { registrationModule } from '../modules/registration/registration.module.ts';
import { sessionModule } from '../modules/session/session.module.ts';
import { storageModule } from '../modules/storage/storage.module.ts';
import { storePurchasesModule } from '../modules/store-purchases/store-purchases.module.ts';
import { subscriptionsModule } from '../modules/subscriptions/subscriptions.module.ts';
import { thirdPartyModule } from '../modules/third-party/third-party.module.ts';
import { tradeModule } from '../modules/trade/trade.module.ts';
import { twoFactorModule } from '../modules/two-factor/two-factor.module.ts';
import { registerObservability } from '../observability/observability.plugin.ts';
import { registerConsoleSpa } from '../spa/console-spa.ts';
import { registerSecurityHeaders } from '../spa/security-headers.ts';
import { registerSpa } from '../spa/spa.plugin.ts';
import { createServices, type ServiceAdapters } from './services.ts';

export type AppOptions = {
  database: Database;
  /** Replace delivery adapters, the captcha drawer, avatar store or OAuth providers (tests pass their own). */
  adapters?: ServiceAdapters;
  logger?: boolean;
  /** Where the log lines go instead of stdout (the log-grep test reads them). */
  logStream?: NodeJS.WritableStream;
};

const REQUEST_ID_RE = /^[\w-]{1,64}$/;
/** A rate-limit count Redis has not answered by then is counted in memory instead. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

/** Header and field paths whose values never reach a log line (the URL is redacted by the req serializer). */
const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-node-secret"]',
  'res.headers["set-cookie"]',
  // a request body or call payload logged whole (an error's own `code` stays readable)
  ...['body', 'payload', 'data', 'req.body'].flatMap((at) =>
    ['password', 'newPassword', 'oldPassword', 'code', 'utoken', 'token', 'ticket', 'secret', 'id'].map(
      (f) => `${at}.${f}`,
    ),
  ),
  'utoken',
  'token',
  'password',
];

/** TRUST_PROXY for Fastify; a hop count as the function proxy-addr builds for one (the first n hops are proxies). */
function trustProxyOption(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export async function buildApp(config: Config, options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            stream: options.logStream,
            redact: { paths: LOG_REDACT_PATHS, censor: REDACTED },
            serializers: {
              // the path only: a query may carry utoken or an OAuth code, a link path an activation or reset id
              req: (req: FastifyRequest) => ({
                method: req.method,
                url: redactUrl(req.url),
                host: req.host,
                remoteAddress: req.ip,
              }),
            },
          },
    trustProxy: trustProxyOption(config.trustProxy),
    // the id is always this server's; a client's x-request-id is logged beside it as clientRequestId
    genReqId: () => randomUUID(),
    childLoggerFactory(logger, bindings, opts, rawReq) {
      const given = rawReq.headers['x-request-id'];
      const clientRequestId = typeof given === 'string' && REQUEST_ID_RE.test(given) ? given : undefined;
      return logger.child(clientRequestId ? { ...bindings, clientRequestId } : bindings, opts);
    },
    bodyLimit: 1024 * 1024,
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    connectionTimeout: config.http.connectionTimeoutMs,
  });
  const { db } = options.database;

  // external plugins
  await app.register(fastifyCookie);
  // avatar uploads: one file part, stopped at 2 MB (docs/product.md#rules)
  await app.register(fastifyMultipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
  await registerSecurityHeaders(app, storefrontOrigins(config.payments.fastspring));
  // rate limits: in Redis when REDIS_URL is set, counted in memory while it cannot answer
  // (docs/decisions/0031-faults.md)
  // ioredis loads only where REDIS_URL is set
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        lazyConnect: false,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      })
    : undefined;
  if (redis) {
    // connection errors show as the store's fallback below; without a listener ioredis prints each one
    redis.on('error', () => {});
    app.addHook('onClose', async () => void redis.disconnect());
  }
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis
      ? {
          store: redisWithFallbackStore(redis, 'ac-rate-limit:', (shared, reason) =>
            shared
              ? app.log.info('rate limits counted in Redis again')
              : app.log.warn({ reason }, 'Redis unavailable: rate limits counted in this instance meanwhile'),
          ),
        }
      : {}),
    errorResponseBuilder: () => new AppError(Code.tooManyRequests),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Account Center API (v5)',
        version: '1.0.0',
        description:
          'Every call is POST with the encrypted envelope of docs/protocol.md#envelope; the payload and answer schemas in each description are those of the decrypted `data` and `bizData`.',
      },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });

  // app
  installErrorHandler(app);
  registerObservability(app, { config, database: options.database });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  app.setNotFoundHandler((req, reply) =>
    reply
      .status(404)
      .send(
        errorAnswer(
          false,
          Code.notFound,
          `${catalogue[Code.notFound].message}: ${req.method} ${req.url.split('?')[0]}`,
        ),
      ),
  );

  // services, built once
  const s = createServices({ config, db, log: app.log, adapters: options.adapters });
  app.addHook('onReady', () => s.jobs.start());
  app.addHook('onClose', () => s.close());
  // every instance hears the others' user changes (session revoked, password, profile, memberships,
  // orders): the session snapshots and the per-user answers keep nothing while it does not
  const setListening = (listening: boolean) => {
    s.snapshots.setListening(listening);
    s.answers.setListening(listening);
  };
  const unlisten = await options.database.listen(USER_CHANGED_CHANNEL, {
    onMessage: (userId) => s.changes.received(userId),
    onState: setListening,
  });
  app.addHook('onClose', async () => {
    setListening(false);
    await unlisten();
  });
  const { publicUrl, region } = config;

  // routes: every module, in one place
  const modules: AppModule[] = [
    keysModule(s),
    sessionModule({ ...s, publicUrl, loginRateLimitPerMinute: config.loginRateLimitPerMinute }),
    nodesModule({ ...s, nodeSecret: config.nodeSecret }),
    registrationModule({ ...s, region }),
    recoveryModule({ ...s, region }),
    codesModule(s),
    companyModule(s),
    membershipsModule(s),
    productsModule(s),
    ordersModule(s),
    redeemModule(s),
    couponsModule(s),
    invoiceModule({ ...s, region }),
    receiptsModule({ ...s, region }),
    devicesModule(s),
    profileModule(s),
    dataExportModule(s),
    passwordModule(s),
    twoFactorModule({ ...s, publicUrl, loginRateLimitPerMinute: config.loginRateLimitPerMinute }),
    deviceSignInModule(s),
    thirdPartyModule({ ...s, region, publicUrl }),
    accountModule({ ...s, publicUrl }),
    avatarModule({ ...s, config }),
    paymentsModule(s),
    subscriptionsModule(s),
    storePurchasesModule(s),
    tradeModule(s),
    storageModule({ ...s, storageSecret: config.storageServiceSecret, now: () => new Date() }),
    consoleModule({ ...s, config }),
    ...(config.devMailbox && !config.production ? [devModule(s)] : []),
  ];
  registerCalls(
    app,
    modules.flatMap((m) => m.calls ?? []),
    { config, keys: s.keys, sessions: s.sessions },
  );
  for (const m of modules) await m.register?.(app);
  await registerSpa(app, config);
  await registerConsoleSpa(app, config);
  return app;
}
