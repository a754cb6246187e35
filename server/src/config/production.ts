/**
 * The two modes (README "Production mode: what the server refuses"):
 * without NODE_ENV=production the server is the one-command demo and says
 * so first; with it, a setting that would leave a deployment open stops
 * the start, naming the variable.
 */
import { THIRD_PARTY_TYPES } from '@ac/protocol/enums';
import { httpPaths } from '@ac/protocol/http-paths';
import { z } from 'zod';
import { OAUTH_API_BASE_VARS } from './oauth.ts';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The zod fields of the mode variables, spread into the environment schema. */
export const productionEnvShape = {
  /** Production on the embedded PGlite database (single-user trials). */
  ALLOW_EMBEDDED_DB: flag.default(false),
  /** Production with the sandbox gateway, which marks orders paid without money. */
  ALLOW_SANDBOX_PAYMENTS: flag.default(false),
  /** Production with SMS_PROVIDER=outbox: text messages are only recorded, never sent. */
  ALLOW_OUTBOX_SMS: flag.default(false),
  /** China production with INVOICING_PROVIDER=sandbox, which makes up invoice numbers no tax bureau knows. */
  ALLOW_SANDBOX_INVOICING: flag.default(false),
  /** China production with IDENTITY_VERIFIER=checksum, which checks only the ID number's check digit. */
  ALLOW_CHECKSUM_IDENTITY: flag.default(false),
  /** The dev mailbox pages (/dev/mailbox): what the outbox holds, codes and links included. */
  DEV_MAILBOX: flag.default(false),
};

/** The secrets the configuration reads and their least length in production. */
export const SECRET_MIN_LENGTH: Record<string, number> = {
  NODE_SECRET: 32,
  STORAGE_SERVICE_SECRET: 32,
  SANDBOX_PAYMENT_SECRET: 32,
  WECHATPAY_APIV3_KEY: 32,
  STRIPE_SECRET_KEY: 32,
  STRIPE_WEBHOOK_SECRET: 32,
  PAYPAL_CLIENT_SECRET: 32,
  FASTSPRING_WEBHOOK_SECRET: 32,
  METRICS_TOKEN: 16,
  ALIYUN_SMS_ACCESS_KEY_SECRET: 16,
  TENCENT_SMS_SECRET_KEY: 16,
  TWILIO_AUTH_TOKEN: 16,
  TENCENT_FACEID_SECRET_KEY: 16,
  NUONUO_APP_SECRET: 16,
  ...Object.fromEntries(THIRD_PARTY_TYPES.map((p) => [`OAUTH_${p.toUpperCase()}_CLIENT_SECRET`, 16])),
  OAUTH_WX_INAPP_CLIENT_SECRET: 16,
};

type ModeEnv = {
  NODE_ENV: string;
  PUBLIC_URL?: string | undefined;
  DATABASE_URL?: string | undefined;
  SMTP_URL?: string | undefined;
  PAYMENT_PROVIDERS: string[];
  SANDBOX_PAYMENT_SECRET?: string | undefined;
  NODE_CODE?: string | undefined;
  REGION: string;
  SERVER_NODES?: { code: string }[] | undefined;
  NODE_SECRET?: string | undefined;
  ALLOW_EMBEDDED_DB: boolean;
  ALLOW_SANDBOX_PAYMENTS: boolean;
  SMS_PROVIDER: string;
  ALLOW_OUTBOX_SMS: boolean;
  INVOICING_PROVIDER: string;
  ALLOW_SANDBOX_INVOICING: boolean;
  IDENTITY_VERIFIER: string;
  ALLOW_CHECKSUM_IDENTITY: boolean;
  DEV_MAILBOX: boolean;
  CODE_RESEND_SECONDS?: number | undefined;
  DELIVERY_RETRY_SECONDS?: number | undefined;
  DELIVERY_EXPIRE_SECONDS?: number | undefined;
  JOBS_MAINTENANCE_SECONDS?: number | undefined;
};

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function refineModeEnv(e: ModeEnv & Record<string, unknown>, ctx: z.RefinementCtx) {
  // one line per variable: one already refused by its own field (a malformed URL, a short secret) is not named twice
  const problem = (name: string, message: string) => {
    if (!ctx.issues.some((i) => i.path?.[0] === name)) ctx.addIssue({ code: 'custom', path: [name], message });
  };

  // in every mode: node-to-node lookups prove themselves with NODE_SECRET (getnodeByDealer `localOnly`)
  const selfCode = e.NODE_CODE ?? e.REGION;
  if (!e.NODE_SECRET && (e.SERVER_NODES ?? []).some((n) => n.code !== selfCode)) {
    problem('NODE_SECRET', 'is required when SERVER_NODES lists another node');
  }

  if (e.NODE_ENV !== 'production') return;
  if (!e.PUBLIC_URL) {
    problem('PUBLIC_URL', 'is required in production (the https:// address users open)');
  } else if (URL.canParse(e.PUBLIC_URL)) {
    const url = new URL(e.PUBLIC_URL);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname))) {
      problem('PUBLIC_URL', 'must be an https:// URL in production (http only for 127.0.0.1 or localhost)');
    }
  }
  if (!e.DATABASE_URL && !e.ALLOW_EMBEDDED_DB) {
    problem('DATABASE_URL', 'is required in production (the embedded database only with ALLOW_EMBEDDED_DB=true)');
  }
  if (!e.SMTP_URL) problem('SMTP_URL', 'is required in production (mail is not delivered without it)');
  if (e.PAYMENT_PROVIDERS.includes('sandbox')) {
    if (!e.ALLOW_SANDBOX_PAYMENTS) {
      problem(
        'PAYMENT_PROVIDERS',
        'lists the sandbox gateway, which marks orders paid without money: list the real gateways, or set ALLOW_SANDBOX_PAYMENTS=true',
      );
    } else if (!e.SANDBOX_PAYMENT_SECRET) {
      problem('SANDBOX_PAYMENT_SECRET', 'is required in production when the sandbox gateway is allowed');
    }
  }
  if (e.SMS_PROVIDER === 'outbox' && !e.ALLOW_OUTBOX_SMS) {
    problem(
      'SMS_PROVIDER',
      'is outbox, which records text messages without sending them: choose aliyun, tencent or twilio, or set ALLOW_OUTBOX_SMS=true',
    );
  }
  // the China build's invoices and real names: the stand-ins only when asked for
  if (e.REGION === 'cn' && e.INVOICING_PROVIDER === 'sandbox' && !e.ALLOW_SANDBOX_INVOICING) {
    problem(
      'INVOICING_PROVIDER',
      'is sandbox, which makes up invoice numbers no tax bureau knows: choose nuonuo, or set ALLOW_SANDBOX_INVOICING=true',
    );
  }
  if (e.REGION === 'cn' && e.IDENTITY_VERIFIER === 'checksum' && !e.ALLOW_CHECKSUM_IDENTITY) {
    problem(
      'IDENTITY_VERIFIER',
      'is checksum, which checks only the ID number’s check digit: choose tencent, or set ALLOW_CHECKSUM_IDENTITY=true',
    );
  }
  for (const name of ['NUONUO_API_BASE', 'TENCENT_FACEID_CONNECT_TO']) {
    if (e[name])
      problem(name, 'must not be set in production (it points the provider’s client away from the provider)');
  }
  // the SMS SDKs pointed away from the providers (the local fakes of the tests)
  if (typeof e.ALIYUN_SMS_ENDPOINT === 'string' && e.ALIYUN_SMS_ENDPOINT.startsWith('http://')) {
    problem('ALIYUN_SMS_ENDPOINT', 'must not be an http:// URL in production (a host or an https:// URL)');
  }
  for (const name of ['TENCENT_SMS_CONNECT_TO', 'TWILIO_BASE_URL']) {
    if (e[name]) problem(name, 'must not be set in production (it points the SMS SDK away from the provider)');
  }
  if (e.STRIPE_API_BASE) {
    problem('STRIPE_API_BASE', 'must not be set in production (it points the Stripe SDK away from api.stripe.com)');
  }
  if (e.PAYPAL_API_BASE) {
    problem('PAYPAL_API_BASE', 'must not be set in production (it points the PayPal SDK away from api-m.paypal.com)');
  }
  if (e.FASTSPRING_SCRIPT_URL) {
    problem(
      'FASTSPRING_SCRIPT_URL',
      'must not be set in production (it loads another script than FastSpring’s Store Builder Library)',
    );
  }
  if (e.WECHATPAY_API_BASE) {
    problem(
      'WECHATPAY_API_BASE',
      'must not be set in production (it points WeChat Pay calls away from api.mch.weixin.qq.com)',
    );
  }
  // the Alipay sandbox gateway is https; an http:// gateway is a local fake
  if (typeof e.ALIPAY_GATEWAY === 'string' && e.ALIPAY_GATEWAY.startsWith('http://')) {
    problem('ALIPAY_GATEWAY', 'must be an https:// URL in production (http:// only for the local fake of the tests)');
  }
  // the native login adapters pointed away from the providers (the local fakes of the tests)
  for (const name of OAUTH_API_BASE_VARS) {
    if (e[name]) problem(name, 'must not be set in production (it points the login adapter away from the provider)');
  }
  if (e.DEV_MAILBOX) problem('DEV_MAILBOX', 'must not be true in production (it shows every code and link)');
  if (e.CODE_RESEND_SECONDS !== undefined) {
    problem('CODE_RESEND_SECONDS', 'is for test servers only: production sends one code a minute per target');
  }
  if (e.DELIVERY_RETRY_SECONDS !== undefined) {
    problem('DELIVERY_RETRY_SECONDS', 'is for test servers only: production retries deliveries on its own schedule');
  }
  if (e.DELIVERY_EXPIRE_SECONDS !== undefined) {
    problem('DELIVERY_EXPIRE_SECONDS', 'is for test servers only: production waits 60 s before retrying an attempt');
  }
  if (e.JOBS_MAINTENANCE_SECONDS !== undefined) {
    problem('JOBS_MAINTENANCE_SECONDS', 'is for test servers only: production looks for cut-short jobs every 30 s');
  }
  for (const [name, min] of Object.entries(SECRET_MIN_LENGTH)) {
    const value = e[name];
    if (typeof value === 'string' && value.length < min) {
      problem(name, `must be at least ${min} characters in production`);
    }
  }
}

/** The first log line outside production: what makes this a demo. */
export function demoModeLine(c: {
  databaseUrl: string | undefined;
  seedDemo: boolean;
  devMailbox: boolean;
  smtpUrl: string | undefined;
  paymentProviders: string[];
  publicUrl: string;
}): string {
  const parts = [
    c.databaseUrl ? 'PostgreSQL database' : 'embedded database',
    c.seedDemo ? 'demo data' : 'no demo data',
    c.devMailbox ? `dev mailbox at ${c.publicUrl}${httpPaths.devMailbox}` : 'no dev mailbox',
    c.smtpUrl ? 'mail through SMTP_URL' : 'mail kept in the outbox',
    ...(c.paymentProviders.includes('sandbox') ? ['sandbox payments'] : []),
  ];
  return `demo mode: ${parts.join(', ')} — not for production (NODE_ENV=production)`;
}
