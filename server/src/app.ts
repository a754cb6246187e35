/**
 * buildApp(config): the whole server without listen (tests use it).
 * Plugins register in a fixed order: external → app → routes.
 */
import { randomUUID } from 'node:crypto';
import { Code, catalogue } from '@ac/protocol/codes';
import { AVATAR_MAX_BYTES } from '@ac/protocol/profile';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createServices, type ServiceAdapters } from './app/services.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { errorAnswer } from './envelope/answer.ts';
import { registerCalls } from './envelope/envelope.plugin.ts';
import { installErrorHandler } from './envelope/error-handler.ts';
import { AppError } from './lib/app-error.ts';
import { USER_CHANGED_CHANNEL } from './lib/user-changes.ts';
import { accountModule } from './modules/account/account.module.ts';
import { avatarModule } from './modules/avatar/avatar.module.ts';
import { codesModule } from './modules/codes/codes.module.ts';
import { companyModule } from './modules/company/company.module.ts';
import { devModule } from './modules/dev/dev.module.ts';
import { devicesModule } from './modules/devices/devices.module.ts';
import { keysModule } from './modules/keys/keys.module.ts';
import { membershipsModule } from './modules/memberships/memberships.module.ts';
import type { AppModule } from './modules/module.ts';
import { nodesModule } from './modules/nodes/nodes.module.ts';
import { ordersModule } from './modules/orders/orders.module.ts';
import { passwordModule } from './modules/password/password.module.ts';
import { paymentsModule } from './modules/payments/payments.module.ts';
import { productsModule } from './modules/products/products.module.ts';
import { profileModule } from './modules/profile/profile.module.ts';
import { redeemModule } from './modules/redeem/redeem.module.ts';
import { registrationModule } from './modules/registration/registration.module.ts';
import { sessionModule } from './modules/session/session.module.ts';
import { thirdPartyModule } from './modules/third-party/third-party.module.ts';
import { userModule } from './modules/user/user.module.ts';
import { registerSpa } from './web/spa.plugin.ts';

export type AppOptions = {
  database: Database;
  /** Replace delivery adapters, the captcha drawer, avatar store or OAuth providers (tests pass their own). */
  adapters?: ServiceAdapters;
  logger?: boolean;
};

const REQUEST_ID_RE = /^[\w-]{1,64}$/;

export async function buildApp(config: Config, options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID_RE.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
  });
  const { db } = options.database;

  // external plugins
  await app.register(fastifyCookie);
  // avatar uploads: one file part, stopped at 2 MB (SPEC §5)
  await app.register(fastifyMultipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace: 'ac-rate-limit:',
    errorResponseBuilder: () => new AppError(Code.tooManyRequests),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Account Center API (v5)',
        version: '1.0.0',
        description:
          'Every call is POST with the encrypted envelope of DESIGN §7; the payload and answer schemas in each description are those of the decrypted `data` and `bizData`.',
      },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });

  // app
  installErrorHandler(app);
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
  app.addHook('onClose', () => s.close());
  // every instance hears the others' user changes (session revoked, password, profile, memberships)
  const unlisten = await options.database.listen(USER_CHANGED_CHANNEL, {
    onMessage: (userId) => s.changes.received(userId),
    onState: (listening) => s.snapshots.setListening(listening),
  });
  app.addHook('onClose', async () => {
    s.snapshots.setListening(false);
    await unlisten();
  });
  const { publicUrl, region } = config;

  // routes: every module, in one place
  const modules: AppModule[] = [
    keysModule(s),
    sessionModule({ ...s, publicUrl, loginRateLimitPerMinute: config.loginRateLimitPerMinute }),
    nodesModule({ ...s, nodeSecret: config.nodeSecret }),
    registrationModule({ ...s, region }),
    codesModule(s),
    userModule(s),
    companyModule(s),
    membershipsModule(s),
    productsModule(s),
    ordersModule(s),
    redeemModule(s),
    devicesModule(s),
    profileModule(s),
    passwordModule(s),
    thirdPartyModule({ ...s, region, publicUrl }),
    accountModule({ ...s, publicUrl }),
    avatarModule({ ...s, config }),
    paymentsModule(s),
    ...(config.production ? [] : [devModule(s)]),
  ];
  registerCalls(
    app,
    modules.flatMap((m) => m.calls ?? []),
    { config, keys: s.keys, sessions: s.sessions },
  );
  for (const m of modules) await m.register?.(app);
  await registerSpa(app, config);
  return app;
}
