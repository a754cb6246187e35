/** Environment → validated configuration, read in one place (DESIGN §4). */
import { regionSettings, type TPaymentProvider, ZRegion } from '@ac/protocol/enums';
import { CAPTCHA_FREE_SENDS_PER_IP } from '@ac/protocol/profile';
import { z } from 'zod';
import { type OAuthConfig, oauthConfig, oauthEnvShape, refineOAuthEnv } from './config-oauth.ts';
import { type PaymentsConfig, paymentsConfig, paymentsEnvShape, refinePaymentsEnv } from './config-payments.ts';

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
    SMS_PROVIDER: z.enum(['outbox']).default('outbox'),
    // Server nodes (docs/decisions/0005-server-nodes.md).
    NODE_CODE: ZNodeCode.optional(),
    CAPTCHA_FREE_SENDS_PER_IP: z.coerce.number().int().min(1).max(100_000).optional(),
    LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
    SERVER_NODES: ZServerNodes.optional(),
    NODE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ...oauthEnvShape,
    ...paymentsEnvShape,
    PROTOCOL_PLAINTEXT: boolish.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  })
  .superRefine((e, ctx) => {
    refineOAuthEnv(e, ctx);
    refinePaymentsEnv(e, ctx);
  });

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
  smsProvider: 'outbox';
  paymentProviders: TPaymentProvider[];
  payments: PaymentsConfig;
  /** This node's code in the node list (NODE_CODE, default the region). */
  nodeCode: string;
  /** Code sends from one IP in an hour before an image captcha is needed (DESIGN §9 default 10). */
  captchaFreeSendsPerIp: number;
  /** Password and code logins one IP may try in a minute (default 30; benchmarks raise it). */
  loginRateLimitPerMinute: number;
  /** The other (and possibly this) server nodes of SERVER_NODES. */
  serverNodes: ServerNodeConfig[];
  /** Shared by the nodes of SERVER_NODES: node-to-node lookups carrying it skip the per-IP limit. */
  nodeSecret: string | undefined;
  protocolPlaintext: boolean;
  logLevel: string;
  production: boolean;
  /** Seed the demo data into an empty database (never in production). */
  seedDemo: boolean;
  /** Third-party login providers with credentials (config-oauth.ts). */
  oauth: OAuthConfig;
  /** Directory of the built SPA, if any. */
  webDist: string | undefined;
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
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
    smsProvider: e.SMS_PROVIDER,
    paymentProviders: e.PAYMENT_PROVIDERS,
    payments: paymentsConfig(e),
    nodeCode: e.NODE_CODE ?? e.REGION,
    captchaFreeSendsPerIp: e.CAPTCHA_FREE_SENDS_PER_IP ?? CAPTCHA_FREE_SENDS_PER_IP,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    serverNodes: e.SERVER_NODES ?? [],
    nodeSecret: e.NODE_SECRET,
    protocolPlaintext: e.PROTOCOL_PLAINTEXT,
    logLevel: e.LOG_LEVEL,
    production,
    seedDemo: !production,
    oauth: oauthConfig(e),
    webDist: undefined,
  };
}
