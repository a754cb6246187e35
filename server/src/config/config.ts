/** Environment → validated configuration, read in one place (server/src/config/README.md). */
import { createHash } from 'node:crypto';
import { ZRegion } from '@ac/protocol/enum-schemas';
import { regionSettings, type TPaymentProvider } from '@ac/protocol/enums';
import { CAPTCHA_FREE_SENDS_PER_IP } from '@ac/protocol/profile';
import { CODE_RESEND_SECONDS, SMS_COUNTRY_DAILY_BUDGET } from '@ac/protocol/verification';
import { z } from 'zod';
import { isAddressOrCidr } from './addresses.ts';
import { type AppStoreConfig, appStoreConfig, appStoreEnvShape, refineAppStoreEnv } from './app-store.ts';
import { type ConsoleConfig, consoleConfig, consoleEnvShape } from './console.ts';
import { type DeployConfig, deployConfig, deployEnvShape } from './deploy.ts';
import { type DeviceLimits, deviceLimits, ZDeviceLimitsEnv } from './device-limits.ts';
import { type GooglePlayConfig, googlePlayConfig, googlePlayEnvShape, refineGooglePlayEnv } from './google-play.ts';
import { type IdentityConfig, identityConfig, identityEnvShape, refineIdentityEnv } from './identity.ts';
import { type InvoicingConfig, invoicingConfig, invoicingEnvShape, refineInvoicingEnv } from './invoicing.ts';
import { type OAuthConfig, oauthConfig, oauthEnvShape, refineOAuthEnv } from './oauth.ts';
import { type PaymentsConfig, paymentsConfig, paymentsEnvShape, refinePaymentsEnv } from './payments.ts';
import { productionEnvShape, refineModeEnv } from './production.ts';
import { type ReceiptSeller, receiptSeller, receiptsEnvShape, refineReceiptsEnv } from './receipts.ts';
import { refineSmsEnv, type SmsConfig, smsConfig, smsEnvShape } from './sms.ts';

/** True in the production build (server/scripts/build.mjs defines it), undefined from the sources. */
declare const __AC_BUILD__: boolean | undefined;
/**
 * NODE_ENV when it is not set: the build (`node server/dist/main.js`, the image, the admin command
 * line) runs in production, with every production check, unless NODE_ENV=development asks for the
 * demo; from the sources (`npm start`, `npm run dev`, the tests) the demo. A server started from
 * the build without its settings refuses to start instead of running as the demo with sandbox
 * payments and the published demo account.
 */
export const DEFAULT_NODE_ENV = typeof __AC_BUILD__ !== 'undefined' && __AC_BUILD__ ? 'production' : 'development';

const boolish = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const ZNodeCode = z.string().regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'must be 1-32 of a-z, 0-9 and -');

/** A JSON array of `{code, name, region, url}`; `url` is that node's PUBLIC_URL. */
const ZServerNodes = z
  .string()
  .transform((v, ctx) => {
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(
        z.object({
          code: ZNodeCode,
          name: z.string().min(1).max(64),
          region: ZRegion,
          url: z
            .string()
            .url()
            .transform((u) => u.replace(/\/$/, '')),
        }),
      )
      .refine((list) => new Set(list.map((n) => n.code)).size === list.length, 'node codes must be unique'),
  );
export type ServerNodeConfig = z.infer<typeof ZServerNodes>[number];

/**
 * Which proxies in front of the server are believed about the client's
 * address (X-Forwarded-For): off (`false`, the default), a hop count, or a
 * comma-separated list of proxy addresses and CIDR ranges.
 */
const ZTrustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    if (v === '' || v === 'false' || v === '0') return false;
    if (/^\d+$/.test(v)) return Number(v);
    const list = v.split(',').map((e) => e.trim());
    if (list.every(isAddressOrCidr)) return list;
    ctx.addIssue({ code: 'custom', message: 'must be a hop count or a comma-separated list of IPs / CIDRs' });
    return z.NEVER;
  });

const ZEnv = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    REGION: ZRegion.default('us'),
    PUBLIC_URL: z.string().url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Account Center <no-reply@localhost>'),
    // SMS: the provider and its settings (docs/decisions/0016-sms-providers.md).
    ...smsEnvShape,
    // Scheduled jobs: expiry, reconciliation, purges (docs/decisions/0012-durable-jobs.md).
    JOBS_SCHEDULE: boolish.default(true),
    // Server nodes (docs/decisions/0005-server-nodes.md).
    NODE_CODE: ZNodeCode.optional(),
    CAPTCHA_FREE_SENDS_PER_IP: z.coerce.number().int().min(1).max(100_000).optional(),
    // Text messages abroad (docs/protocol.md#verification-codes): the region's own country calling
    // codes (comma-separated digits; China 86, overseas 1 unless set) and each other country's daily budget.
    SMS_HOME_CALLING_CODES: z
      .string()
      .regex(/^\d{1,3}(,\d{1,3})*$/, 'must be country calling codes, comma-separated digits (86,852)')
      .transform((v) => v.split(','))
      .optional(),
    SMS_COUNTRY_DAILY_BUDGET: z.coerce.number().int().min(0).max(1_000_000).default(SMS_COUNTRY_DAILY_BUDGET),
    // Test servers only (refused in production): a shorter wait between two codes to one target.
    CODE_RESEND_SECONDS: z.coerce.number().int().min(1).max(CODE_RESEND_SECONDS).optional(),
    // Test servers only (refused in production): a shorter first wait before a mail or SMS delivery is retried.
    DELIVERY_RETRY_SECONDS: z.coerce.number().int().min(1).max(5).optional(),
    // Test servers only (refused in production): a delivery attempt cut short by a dead process is
    // retried after this many seconds instead of 60, and the job queue looks for such attempts
    // every JOBS_MAINTENANCE_SECONDS instead of 30.
    DELIVERY_EXPIRE_SECONDS: z.coerce.number().int().min(2).max(60).optional(),
    JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(30).optional(),
    TRUST_PROXY: ZTrustProxy.default(false),
    SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    DEVICE_LIMITS: ZDeviceLimitsEnv.optional(),
    // The header's external entries (docs/product.md#enterprise): shown only with a URL.
    MY_CLOUD_URL: z
      .string()
      .url()
      .regex(/^https?:\/\//, 'must be an http(s) URL')
      .optional(),
    LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
    SERVER_NODES: ZServerNodes.optional(),
    NODE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    // the cloud storage service signs its usage reports with it (docs/protocol.md#storage-usage-reports)
    STORAGE_SERVICE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ...deployEnvShape,
    ...consoleEnvShape,
    ...oauthEnvShape,
    ...paymentsEnvShape,
    // App Store purchases of the mobile viewer (docs/decisions/0048-app-store-purchases.md).
    ...appStoreEnvShape,
    ...googlePlayEnvShape,
    // Real-name verification of the trade account (docs/decisions/0042-real-name-verification.md).
    ...identityEnvShape,
    // The e-invoicing platform of the China build (docs/decisions/0041-e-invoicing-platform.md).
    ...invoicingEnvShape,
    // The seller on the receipts of the overseas build (docs/decisions/0055-receipts.md).
    ...receiptsEnvShape,
    // AES-256-GCM key of the fields kept encrypted at rest (docs/decisions/0009-trade-account.md): trade
    // identities and cash accounts, authenticator-app secrets (docs/decisions/0036-two-factor.md).
    FIELD_ENCRYPTION_KEY: z
      .string()
      .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
      .optional(),
    // The keys FIELD_ENCRYPTION_KEY replaced, comma-separated: they still read the fields written
    // under them until the re-encryption job has moved those (docs/decisions/0040-field-key-rotation.md).
    FIELD_ENCRYPTION_PREVIOUS_KEYS: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean),
      )
      .refine(
        (keys) => keys.every((k) => Buffer.from(k, 'base64').length === 32),
        'each must be 32 bytes, base64-encoded',
      )
      .optional(),
    ...productionEnvShape,
    PROTOCOL_PLAINTEXT: boolish.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    NODE_ENV: z.enum(['development', 'production', 'test']).default(DEFAULT_NODE_ENV),
  })
  .superRefine((e, ctx) => {
    if (e.NODE_ENV === 'production' && !e.FIELD_ENCRYPTION_KEY) {
      ctx.addIssue({ code: 'custom', path: ['FIELD_ENCRYPTION_KEY'], message: 'is required in production' });
    }
    refineOAuthEnv(e, ctx);
    refinePaymentsEnv(e, ctx);
    refineAppStoreEnv(e, ctx);
    refineGooglePlayEnv(e, ctx);
    refineSmsEnv(e, ctx);
    refineIdentityEnv(e, ctx);
    refineInvoicingEnv(e, ctx);
    refineModeEnv(e, ctx);
    refineReceiptsEnv(e, ctx);
  });

/** Every variable the configuration reads (deployment files are checked against it). */
export const configVariables: readonly string[] = Object.keys(ZEnv.shape);

export type Config = {
  port: number;
  host: string;
  region: z.infer<typeof ZRegion>;
  basePath: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SMS_PROVIDER and the selected provider's settings (config/sms.ts). */
  sms: SmsConfig;
  /** Run the scheduled jobs (JOBS_SCHEDULE, default true); sent jobs run either way. */
  jobsSchedule: boolean;
  /** The header's external entries of this node's region: "my cloud" (MY_CLOUD_URL); hidden without a URL. */
  headerLinks: { cloud?: string };
  paymentProviders: TPaymentProvider[];
  payments: PaymentsConfig;
  /** App Store Server Notifications (config/app-store.ts); undefined when APPSTORE_BUNDLE_ID is not set. */
  appStore: AppStoreConfig | undefined;
  /** Google Play real-time developer notifications (config/google-play.ts); undefined when GOOGLE_PLAY_PACKAGE_NAME is not set. */
  googlePlay: GooglePlayConfig | undefined;
  /** This node's code in the node list (NODE_CODE, default the region). */
  nodeCode: string;
  /** Code sends from one IP in an hour before an image captcha is needed (docs/protocol.md#verification-codes default 10). */
  captchaFreeSendsPerIp: number;
  /** The region's own country calling codes: a code asked for without a session elsewhere is a text abroad. */
  smsHomeCallingCodes: string[];
  /** Texts abroad per country calling code in 24 hours. */
  smsCountryDailyBudget: number;
  /**
   * Seconds between two codes to one target (docs/protocol.md#verification-codes: 60). Test
   * servers lower it with CODE_RESEND_SECONDS; production refuses that variable.
   */
  codeResendSeconds: number;
  /**
   * Seconds before the first retry of a failed mail or SMS delivery, doubling after (the
   * queues' own 5 s when unset). Test servers lower it with DELIVERY_RETRY_SECONDS, so a test
   * of a provider outage never waits out the real back-off; production refuses that variable.
   */
  deliveryRetrySeconds: number | undefined;
  /**
   * Seconds after which a mail or SMS delivery attempt still running counts as cut short (its
   * process died) and is retried (the queues' own 60 s when unset), and seconds between two
   * looks of the job queue for such attempts (30 when unset). Test servers lower them with
   * DELIVERY_EXPIRE_SECONDS and JOBS_MAINTENANCE_SECONDS, so a kill test does not wait out
   * the real expiry; production refuses both variables.
   */
  deliveryExpireSeconds: number | undefined;
  jobsMaintenanceSeconds: number | undefined;
  /**
   * TRUST_PROXY, Fastify's `trustProxy`: the proxies whose X-Forwarded-For
   * gives the client's address (per-IP limits, captcha thresholds, audit).
   */
  trustProxy: false | number | string[];
  /** SESSION_MAX_AGE_DAYS: a session ends this long after its login, however often it is used. */
  sessionMaxAgeDays: number;
  /** Bound devices and concurrent CAD client sessions per account type, DEVICE_LIMITS over the defaults. */
  deviceLimits: DeviceLimits;
  /** Password and code logins one IP may try in a minute (default 30; benchmarks raise it). */
  loginRateLimitPerMinute: number;
  /** The other (and possibly this) server nodes of SERVER_NODES. */
  serverNodes: ServerNodeConfig[];
  /** Shared by the nodes of SERVER_NODES: node-to-node lookups carrying it skip the per-IP limit. */
  nodeSecret: string | undefined;
  /** Signs the cloud storage service's usage reports; without it the report route answers 0000007. */
  storageServiceSecret: string | undefined;
  /** 32-byte key of the fields encrypted at rest (a fixed demo key outside production). */
  fieldEncryptionKey: Buffer;
  /** Keys FIELD_ENCRYPTION_KEY replaced: they only read (FIELD_ENCRYPTION_PREVIOUS_KEYS). */
  previousFieldEncryptionKeys: Buffer[];
  protocolPlaintext: boolean;
  logLevel: string;
  production: boolean;
  /** Seed the demo data into an empty database (never in production). */
  seedDemo: boolean;
  /** Serve /dev/mailbox (DEV_MAILBOX=true; refused in production). */
  devMailbox: boolean;
  /** Third-party login providers with credentials (config/oauth.ts). */
  oauth: OAuthConfig;
  /** The real-name verifier of the trade account (config/identity.ts). */
  identity: IdentityConfig;
  /** The invoicing provider of the China build (config/invoicing.ts). */
  invoicing: InvoicingConfig;
  /** The seller on the receipts of the overseas build (config/receipts.ts). */
  receiptSeller: ReceiptSeller;
  /** Directory of the built SPA, if any. */
  webDist: string | undefined;
  /** The operator console (config/console.ts). */
  console: ConsoleConfig;
  /** Directory of the built operator console, if any. */
  consoleWebDist: string | undefined;
} & DeployConfig;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    // one line per problem, naming the variable
    const lines = parsed.error.issues.map((i) => `Invalid configuration: ${i.path.join('.')} ${i.message}`);
    throw new ConfigError(lines.join('\n'));
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  return {
    port: e.PORT,
    host: e.HOST,
    region: e.REGION,
    basePath: regionSettings[e.REGION].basePath,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sms: smsConfig(e),
    jobsSchedule: e.JOBS_SCHEDULE,
    headerLinks: e.MY_CLOUD_URL ? { cloud: e.MY_CLOUD_URL } : {},
    paymentProviders: e.PAYMENT_PROVIDERS,
    payments: paymentsConfig(e),
    appStore: appStoreConfig(e),
    googlePlay: googlePlayConfig(e),
    nodeCode: e.NODE_CODE ?? e.REGION,
    captchaFreeSendsPerIp: e.CAPTCHA_FREE_SENDS_PER_IP ?? CAPTCHA_FREE_SENDS_PER_IP,
    smsHomeCallingCodes: e.SMS_HOME_CALLING_CODES ?? (e.REGION === 'cn' ? ['86'] : ['1']),
    smsCountryDailyBudget: e.SMS_COUNTRY_DAILY_BUDGET,
    codeResendSeconds: e.CODE_RESEND_SECONDS ?? CODE_RESEND_SECONDS,
    deliveryRetrySeconds: e.DELIVERY_RETRY_SECONDS,
    deliveryExpireSeconds: e.DELIVERY_EXPIRE_SECONDS,
    jobsMaintenanceSeconds: e.JOBS_MAINTENANCE_SECONDS,
    trustProxy: e.TRUST_PROXY,
    sessionMaxAgeDays: e.SESSION_MAX_AGE_DAYS,
    deviceLimits: deviceLimits(e.DEVICE_LIMITS),
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    serverNodes: e.SERVER_NODES ?? [],
    nodeSecret: e.NODE_SECRET,
    storageServiceSecret: e.STORAGE_SERVICE_SECRET,
    fieldEncryptionKey: e.FIELD_ENCRYPTION_KEY
      ? Buffer.from(e.FIELD_ENCRYPTION_KEY, 'base64')
      : createHash('sha256').update('account-center demo field key').digest(),
    previousFieldEncryptionKeys: (e.FIELD_ENCRYPTION_PREVIOUS_KEYS ?? []).map((k) => Buffer.from(k, 'base64')),
    protocolPlaintext: e.PROTOCOL_PLAINTEXT,
    logLevel: e.LOG_LEVEL,
    production,
    seedDemo: !production,
    devMailbox: e.DEV_MAILBOX,
    oauth: oauthConfig(e),
    identity: identityConfig(e),
    invoicing: invoicingConfig(e),
    receiptSeller: receiptSeller(e),
    webDist: undefined,
    console: consoleConfig(e),
    consoleWebDist: undefined,
    ...deployConfig(e),
  };
}

/** For an entry point: the config, or the wrong variable printed and exit code 2. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
}
