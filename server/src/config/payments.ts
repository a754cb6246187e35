/**
 * Payment gateways from the environment (docs/decisions/0003-payment-config.md):
 * PAYMENT_PROVIDERS and the optional credentials of each gateway; a listed
 * gateway with a missing credential stops the server, naming the variable.
 */
import { PAYMENT_PROVIDERS, type TPaymentProvider } from '@ac/protocol/enums';
import { z } from 'zod';

/** A key or certificate from one environment line: literal `\n` become line breaks. */
const keyText = (what: string, allowBareBase64: boolean) =>
  z
    .string()
    .transform((v) => v.replace(/\\n/g, '\n').trim())
    .refine(
      (v) => v.includes('-----BEGIN ') || (allowBareBase64 && /^[A-Za-z0-9+/=\s]{64,}$/.test(v)),
      `must be a PEM ${what}${allowBareBase64 ? ' or its base64 body' : ''}`,
    );

/** The zod fields of the payment variables, spread into the environment schema. */
export const paymentsEnvShape = {
  PAYMENT_PROVIDERS: z
    .string()
    .default('sandbox')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((p) => (PAYMENT_PROVIDERS as readonly string[]).includes(p)), {
      message: `must list only ${PAYMENT_PROVIDERS.join(', ')}`,
    })
    .transform((list) => list as TPaymentProvider[]),
  SANDBOX_PAYMENT_SECRET: z.string().min(32).optional(),
  ALIPAY_APP_ID: z.string().min(1).optional(),
  ALIPAY_PRIVATE_KEY: keyText('private key', true).optional(),
  ALIPAY_PUBLIC_KEY: keyText('public key', true).optional(),
  ALIPAY_GATEWAY: z.string().url().optional(),
  WECHATPAY_APPID: z.string().min(1).optional(),
  WECHATPAY_MCHID: z.string().min(1).optional(),
  WECHATPAY_SERIAL: z.string().min(1).optional(),
  WECHATPAY_PRIVATE_KEY: keyText('private key', false).optional(),
  WECHATPAY_APIV3_KEY: z.string().length(32).optional(),
  WECHATPAY_PLATFORM_CERT: keyText('certificate or public key', false).optional(),
  WECHATPAY_API_BASE: z.string().url().optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/,
      'must be a Stripe secret key (sk_live_…, sk_test_… or a restricted rk_…)',
    )
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]+$/, 'must be the webhook endpoint’s signing secret (whsec_…)')
    .optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  PAYPAL_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,}$/, 'must be the REST app’s client id')
    .optional(),
  PAYPAL_CLIENT_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,}$/, 'must be the REST app’s secret')
    .optional(),
  PAYPAL_WEBHOOK_ID: z
    .string()
    .regex(/^[A-Z0-9]{8,32}$/, 'must be the id PayPal gave the webhook (upper-case letters and digits)')
    .optional(),
  PAYPAL_ENVIRONMENT: z.enum(['sandbox', 'live']).optional(),
  PAYPAL_API_BASE: z.string().url().optional(),
  // the popup storefront, FastSpring (docs/decisions/0053-popup-storefront.md)
  FASTSPRING_STOREFRONT: z
    .string()
    .regex(
      /^[a-z0-9-]+(\.test)?\.onfastspring\.com\/popup-[A-Za-z0-9_-]+$/,
      'must be the popup storefront’s path (<store>.onfastspring.com/popup-<name>, or <store>.test.onfastspring.com/popup-<name>)',
    )
    .optional(),
  FASTSPRING_ACCESS_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,}$/, 'must be the Store Builder Library’s access key')
    .optional(),
  FASTSPRING_PRIVATE_KEY: keyText('private key', false).optional(),
  FASTSPRING_WEBHOOK_SECRET: z.string().min(16).optional(),
  FASTSPRING_PRODUCTS: z
    .string()
    .regex(
      /^\s*[A-Za-z0-9_-]+=[a-z0-9-]+\s*(,\s*[A-Za-z0-9_-]+=[a-z0-9-]+\s*)*$/,
      'must list goods codes and product paths: ML2=premium-month,ML3=pro-year',
    )
    .transform((v) => Object.fromEntries(v.split(',').map((pair) => pair.trim().split('=') as [string, string])))
    .optional(),
  FASTSPRING_SCRIPT_URL: z.string().url().optional(),
};
type PaymentsEnv = z.infer<z.ZodObject<typeof paymentsEnvShape>>;

const REQUIRED = {
  alipay: ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'],
  wechat: [
    'WECHATPAY_APPID',
    'WECHATPAY_MCHID',
    'WECHATPAY_SERIAL',
    'WECHATPAY_PRIVATE_KEY',
    'WECHATPAY_APIV3_KEY',
    'WECHATPAY_PLATFORM_CERT',
  ],
  stripe: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  paypal: ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID', 'PAYPAL_ENVIRONMENT'],
  fastspring: [
    'FASTSPRING_STOREFRONT',
    'FASTSPRING_ACCESS_KEY',
    'FASTSPRING_PRIVATE_KEY',
    'FASTSPRING_WEBHOOK_SECRET',
    'FASTSPRING_PRODUCTS',
  ],
} as const;

export function refinePaymentsEnv(e: PaymentsEnv, ctx: z.RefinementCtx) {
  for (const provider of ['alipay', 'wechat', 'stripe', 'paypal', 'fastspring'] as const) {
    if (!e.PAYMENT_PROVIDERS.includes(provider)) continue;
    for (const name of REQUIRED[provider]) {
      if (!e[name]) {
        ctx.addIssue({ code: 'custom', path: [name], message: `is required when PAYMENT_PROVIDERS lists ${provider}` });
      }
    }
  }
}

export type AlipayConfig = { appId: string; privateKey: string; alipayPublicKey: string; gateway: string | undefined };
export type WechatPayConfig = {
  appId: string;
  mchId: string;
  serialNo: string;
  privateKey: string;
  apiV3Key: string;
  platformCert: string;
  /** Tests only: the API called instead of https://api.mch.weixin.qq.com (a local fake). */
  apiBase: string | undefined;
};
export type StripeConfig = {
  secretKey: string;
  webhookSecret: string;
  /** Tests only: the API the SDK talks to instead of https://api.stripe.com (a local fake). */
  apiBase: string | undefined;
};
export type PaypalConfig = {
  clientId: string;
  clientSecret: string;
  /** The id of our webhook at PayPal: verify-webhook-signature checks events against it. */
  webhookId: string;
  environment: 'sandbox' | 'live';
  /** Tests only: where the SDK's requests go instead of api-m.(sandbox.)paypal.com (a local fake). */
  apiBase: string | undefined;
};
/** The Store Builder Library FastSpring serves (docs/decisions/0053-popup-storefront.md). */
export const FASTSPRING_SCRIPT_URL = 'https://sbl.onfastspring.com/sbl/1.0.3/fastspring-builder.min.js';
export type FastspringConfig = {
  /** The popup storefront, `<store>.onfastspring.com/popup-<name>` (`.test.` for the test store). */
  storefront: string;
  /** `test` for a `.test.onfastspring.com` storefront, else `live`: events of the other mode are refused. */
  mode: 'test' | 'live';
  accessKey: string;
  /** RSA private key whose public half FastSpring holds: it encrypts the secure payload's AES key. */
  privateKey: string;
  /** The webhook's HMAC SHA256 secret (X-FS-Signature). */
  webhookSecret: string;
  /** Goods code → the FastSpring product path sold under it (our price overrides FastSpring's). */
  products: Record<string, string>;
  /** The Store Builder Library's URL (FASTSPRING_SCRIPT_URL: tests only, a local fake). */
  scriptUrl: string;
};
export type PaymentsConfig = {
  providers: TPaymentProvider[];
  /** HMAC key shared by the sandbox gateway and its notify handler; random per process when unset. */
  sandboxSecret: string | undefined;
  alipay: AlipayConfig | undefined;
  wechat: WechatPayConfig | undefined;
  stripe: StripeConfig | undefined;
  paypal: PaypalConfig | undefined;
  fastspring: FastspringConfig | undefined;
};

/** Called after refinePaymentsEnv passed, so a listed gateway has all its credentials. */
export function paymentsConfig(e: PaymentsEnv): PaymentsConfig {
  const listed = (p: TPaymentProvider) => e.PAYMENT_PROVIDERS.includes(p);
  return {
    providers: e.PAYMENT_PROVIDERS,
    sandboxSecret: e.SANDBOX_PAYMENT_SECRET,
    alipay: listed('alipay')
      ? {
          appId: e.ALIPAY_APP_ID!,
          privateKey: e.ALIPAY_PRIVATE_KEY!,
          alipayPublicKey: e.ALIPAY_PUBLIC_KEY!,
          gateway: e.ALIPAY_GATEWAY,
        }
      : undefined,
    wechat: listed('wechat')
      ? {
          appId: e.WECHATPAY_APPID!,
          mchId: e.WECHATPAY_MCHID!,
          serialNo: e.WECHATPAY_SERIAL!,
          privateKey: e.WECHATPAY_PRIVATE_KEY!,
          apiV3Key: e.WECHATPAY_APIV3_KEY!,
          platformCert: e.WECHATPAY_PLATFORM_CERT!,
          apiBase: e.WECHATPAY_API_BASE,
        }
      : undefined,
    stripe: listed('stripe')
      ? { secretKey: e.STRIPE_SECRET_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, apiBase: e.STRIPE_API_BASE }
      : undefined,
    paypal: listed('paypal')
      ? {
          clientId: e.PAYPAL_CLIENT_ID!,
          clientSecret: e.PAYPAL_CLIENT_SECRET!,
          webhookId: e.PAYPAL_WEBHOOK_ID!,
          environment: e.PAYPAL_ENVIRONMENT!,
          apiBase: e.PAYPAL_API_BASE,
        }
      : undefined,
    fastspring: listed('fastspring')
      ? {
          storefront: e.FASTSPRING_STOREFRONT!,
          mode: e.FASTSPRING_STOREFRONT!.includes('.test.onfastspring.com/') ? 'test' : 'live',
          accessKey: e.FASTSPRING_ACCESS_KEY!,
          privateKey: e.FASTSPRING_PRIVATE_KEY!,
          webhookSecret: e.FASTSPRING_WEBHOOK_SECRET!,
          products: e.FASTSPRING_PRODUCTS!,
          scriptUrl: e.FASTSPRING_SCRIPT_URL ?? FASTSPRING_SCRIPT_URL,
        }
      : undefined,
  };
}
