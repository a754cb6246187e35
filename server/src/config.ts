/** Environment → validated configuration, read in one place (DESIGN §4). */
import { regionSettings, ZRegion } from '@ac/protocol/enums';
import { z } from 'zod';

const boolish = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const ZEnv = z.object({
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
  PAYMENT_PROVIDERS: z.string().default('sandbox'),
  PROTOCOL_PLAINTEXT: boolish.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
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
  paymentProviders: string[];
  protocolPlaintext: boolean;
  logLevel: string;
  production: boolean;
  /** Seed the demo data into an empty database (never in production). */
  seedDemo: boolean;
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
    paymentProviders: e.PAYMENT_PROVIDERS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    protocolPlaintext: e.PROTOCOL_PLAINTEXT,
    logLevel: e.LOG_LEVEL,
    production,
    seedDemo: !production,
    webDist: undefined,
  };
}
