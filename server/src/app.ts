/**
 * buildApp(config): the whole server without listen (tests use it).
 * Plugins register in a fixed order: external → app → routes.
 */
import { randomUUID } from 'node:crypto';
import { Code, catalogue } from '@ac/protocol/codes';
import { regionSettings } from '@ac/protocol/enums';
import { AVATAR_MAX_BYTES } from '@ac/protocol/profile';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createAccountRegistration } from './account-registration.ts';
import { type AccountSecurityAdapters, createAccountSecurity } from './account-security.ts';
import { createMailer, type Mailer } from './adapters/mail.ts';
import { createOutboxSms, type SmsSender } from './adapters/sms.ts';
import { createCommerce } from './commerce.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { errorAnswer } from './envelope/answer.ts';
import { registerCalls } from './envelope/envelope.plugin.ts';
import { installErrorHandler } from './envelope/error-handler.ts';
import { AppError } from './lib/app-error.ts';
import { createBackgroundDelivery } from './lib/background-delivery.ts';
import { createAuditRepo } from './modules/audit/audit.repo.ts';
import { createCodesCalls } from './modules/codes/codes.routes.ts';
import { createCodesService } from './modules/codes/codes.service.ts';
import { createCompanyRepo } from './modules/company/company.repo.ts';
import { createCompanyCalls } from './modules/company/company.routes.ts';
import { registerDevMailbox } from './modules/dev/mailbox.routes.ts';
import { createDevicesRepo } from './modules/devices/devices.repo.ts';
import { createDevicesCalls } from './modules/devices/devices.routes.ts';
import { createKeysRepo } from './modules/keys/keys.repo.ts';
import { registerKeyRoute } from './modules/keys/keys.routes.ts';
import { createKeysService } from './modules/keys/keys.service.ts';
import { createMembershipsRepo } from './modules/memberships/memberships.repo.ts';
import { createMembershipsCalls } from './modules/memberships/memberships.routes.ts';
import { createMembershipsService } from './modules/memberships/memberships.service.ts';
import { createOrdersCalls } from './modules/orders/orders.routes.ts';
import { createOutboxRepo } from './modules/outbox/outbox.repo.ts';
import { registerPaymentNotify } from './modules/payments/payments.routes.ts';
import { registerSandboxCheckout } from './modules/payments/sandbox-checkout.routes.ts';
import { createProductsCalls } from './modules/products/products.routes.ts';
import { createRedeemCalls } from './modules/redeem/redeem.routes.ts';
import { createSessionRepo } from './modules/session/session.repo.ts';
import { createSessionCalls } from './modules/session/session.routes.ts';
import { createSessionService } from './modules/session/session.service.ts';
import { createUserRepo } from './modules/user/user.repo.ts';
import { createUserCalls } from './modules/user/user.routes.ts';
import { createUserService } from './modules/user/user.service.ts';
import { registerObservability } from './observability/observability.plugin.ts';
import { registerSpa } from './web/spa.plugin.ts';

export type AppOptions = {
  database: Database;
  /** Replace delivery adapters (tests pass their own or use the outbox). */
  mailer?: Mailer;
  sms?: SmsSender;
  /** Replace the captcha drawer, avatar store or OAuth providers. */
  security?: AccountSecurityAdapters;
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
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    connectionTimeout: config.http.connectionTimeoutMs,
  });
  const { db } = options.database;

  // external plugins
  await app.register(fastifyCookie);
  // avatar uploads: one file part, stopped at 2 MB (docs/product.md#rules)
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

  // services
  const outbox = createOutboxRepo(db);
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, outbox);
  const sms = options.sms ?? createOutboxSms(outbox);
  const audit = createAuditRepo(db);
  const keys = createKeysService(createKeysRepo(db));
  const sessionRepo = createSessionRepo(db);
  const sessions = createSessionService(sessionRepo);
  const codes = createCodesService(db, undefined, config.captchaFreeSendsPerIp);
  const memberships = createMembershipsService(createMembershipsRepo(db));
  const userRepo = createUserRepo(db);
  const users = createUserService(userRepo, memberships);
  const commerce = createCommerce(config, db, app.log);
  app.addHook('onClose', () => commerce.close());
  const defaultLanguage = regionSettings[config.region].defaultLanguage;
  const accountRegistration = createAccountRegistration({
    config,
    db,
    log: app.log,
    mailer,
    sms,
    audit,
    codes,
    accounts: sessionRepo,
    defaultLanguage,
  });
  app.addHook('onClose', () => accountRegistration.close());
  const background = createBackgroundDelivery(app.log);
  app.addHook('onClose', () => background.drain());
  const { publicUrl } = config;

  const security = createAccountSecurity({
    config,
    db,
    log: app.log,
    mailer,
    sms,
    audit,
    codes,
    sessions,
    users,
    userRepo,
    adapters: options.security ?? {},
  });

  // routes
  registerKeyRoute(app, keys);
  registerCalls(
    app,
    [
      ...createSessionCalls({
        sessions,
        codes,
        users,
        audit,
        publicUrl,
        nodeDirectory: accountRegistration.nodeDirectory,
      }),
      ...accountRegistration.calls,
      ...createCodesCalls({
        codes,
        mailer,
        sms,
        accounts: sessionRepo,
        users: userRepo,
        audit,
        defaultLanguage,
        background,
        nodeDirectory: accountRegistration.nodeDirectory,
      }),
      ...createUserCalls({ users }),
      ...createCompanyCalls({ companies: createCompanyRepo(db) }),
      ...createMembershipsCalls({ memberships }),
      ...createProductsCalls({ products: commerce.products }),
      ...createOrdersCalls({
        orders: commerce.ordersRepo,
        ordersService: commerce.orders,
        payments: commerce.payments,
      }),
      ...createRedeemCalls({ redeem: commerce.redeemRepo, redeemService: commerce.redeem }),
      ...createDevicesCalls({ devices: createDevicesRepo(db) }),
      ...security.calls,
    ],
    { config, keys, sessions },
  );
  security.registerRoutes(app);
  await registerPaymentNotify(app, { payments: commerce.payments });
  const sandbox = commerce.gateways.sandbox;
  if (sandbox) {
    await registerSandboxCheckout(app, { ...sandbox, returnUrl: commerce.gateways.returnUrl });
    app.addHook('onReady', () => sandbox.notifier.resume());
  }
  if (!config.production) registerDevMailbox(app, outbox);
  await registerSpa(app, config);
  return app;
}
