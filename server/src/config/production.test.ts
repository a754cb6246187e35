import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { demoModeLine } from './production.ts';

/** A production environment that passes every check. */
const SAFE = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://account.example.com',
  DATABASE_URL: 'postgres://ac@db.example.com/ac',
  SMTP_URL: 'smtps://mailer@smtp.example.com',
  PAYMENT_PROVIDERS: '',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'a-twilio-auth-token-0123456789',
  TWILIO_FROM: '+15005550006',
  FIELD_ENCRYPTION_KEY: 'CQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQk=',
  RECEIPT_SELLER_NAME: 'Example Software Ltd',
  RECEIPT_SELLER_ADDRESS: '1 Example Street; London EC1A 1AA; United Kingdom',
};

const STRIPE_KEY = 'sk_live_51AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const STRIPE_WHSEC = 'whsec_0123456789abcdefghijklmnopqrstuvwxyz';
const stripe = (change: Record<string, string>) => ({
  PAYMENT_PROVIDERS: 'stripe',
  STRIPE_SECRET_KEY: STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET: STRIPE_WHSEC,
  ...change,
});

const paypal = (change: Record<string, string | undefined>) => ({
  PAYMENT_PROVIDERS: 'paypal',
  PAYPAL_CLIENT_ID: 'AbCdEfGhIjKlMnOp0123456789',
  PAYPAL_CLIENT_SECRET: 'EFgHiJkLmNoPqRsTuVwXyZ0123456789abcdefGHIJ',
  PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA',
  PAYPAL_ENVIRONMENT: 'live',
  ...change,
});

const FAKE_ROOT = '-----BEGIN CERTIFICATE-----\nMIIBfakeRootOfTheTests0123456789\n-----END CERTIFICATE-----';
const appStore = (change: Record<string, string | undefined>) => ({
  APPSTORE_BUNDLE_ID: 'com.example.viewer',
  APPSTORE_APP_APPLE_ID: '1234567890',
  APPSTORE_PRODUCTS: 'com.example.viewer.premium.monthly=ML2',
  ...change,
});

const googlePlay = (change: Record<string, string | undefined>) => ({
  GOOGLE_PLAY_PACKAGE_NAME: 'com.example.viewer',
  GOOGLE_PLAY_PUSH_AUDIENCE: 'https://account.example.com/play-push',
  GOOGLE_PLAY_PUSH_SERVICE_ACCOUNT: 'pubsub-push@example-project.iam.gserviceaccount.com',
  GOOGLE_PLAY_SERVICE_ACCOUNT_KEY: JSON.stringify({
    client_email: 'play-reader@example-project.iam.gserviceaccount.com',
    private_key: PEM_KEY,
  }),
  GOOGLE_PLAY_PRODUCTS: 'viewer_premium_monthly=ML2',
  ...change,
});

/** The China build with its real providers, or a change of them. */
const CN_KEY = Buffer.alloc(32, 3).toString('base64');
const china = (change: Record<string, string | undefined>) => ({
  REGION: 'cn',
  FIELD_ENCRYPTION_KEY: CN_KEY,
  INVOICING_PROVIDER: 'nuonuo',
  NUONUO_APP_KEY: 'SD63236305',
  NUONUO_APP_SECRET: 'a-nuonuo-app-secret-0123',
  NUONUO_TAX_NUMBER: '339902999999789113',
  NUONUO_CLERK: '张三',
  NUONUO_GOODS_CODE: '3040201030000000000',
  IDENTITY_VERIFIER: 'tencent',
  TENCENT_FACEID_SECRET_ID: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
  TENCENT_FACEID_SECRET_KEY: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
  ...change,
});

const PEM_KEY = '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----';
const fastspring = (change: Record<string, string | undefined>) => ({
  PAYMENT_PROVIDERS: 'fastspring',
  FASTSPRING_STOREFRONT: 'example.onfastspring.com/popup-example',
  FASTSPRING_ACCESS_KEY: 'AbCdEfGhIjKlMnOp',
  FASTSPRING_PRIVATE_KEY: PEM_KEY,
  FASTSPRING_WEBHOOK_SECRET: 'fastspring-webhook-secret-0123456789abcdef',
  FASTSPRING_PRODUCTS: 'ML2=viewer-premium,ML3=viewer-professional',
  ...change,
});
const wechat = (change: Record<string, string>) => ({
  PAYMENT_PROVIDERS: 'wechat',
  WECHATPAY_APPID: 'wx0000000000000001',
  WECHATPAY_MCHID: '1900000001',
  WECHATPAY_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHATPAY_PRIVATE_KEY: PEM_KEY,
  WECHATPAY_APIV3_KEY: '0123456789abcdef0123456789abcdef',
  WECHATPAY_PLATFORM_CERT: '-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----',
  ...change,
});
const alipay = (change: Record<string, string>) => ({
  PAYMENT_PROVIDERS: 'alipay',
  ALIPAY_APP_ID: '2021000000000001',
  ALIPAY_PRIVATE_KEY: PEM_KEY,
  ALIPAY_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----',
  ...change,
});

/** The settings production refuses, each with the variable it names. */
const UNSAFE_PRODUCTION: [string, Record<string, string | undefined>][] = [
  ['PUBLIC_URL', { PUBLIC_URL: undefined }],
  ['PUBLIC_URL', { PUBLIC_URL: 'http://account.example.com' }],
  ['DATABASE_URL', { DATABASE_URL: undefined }],
  ['SMTP_URL', { SMTP_URL: undefined }],
  ['PAYMENT_PROVIDERS', { PAYMENT_PROVIDERS: undefined }],
  ['PAYMENT_PROVIDERS', { PAYMENT_PROVIDERS: 'sandbox' }],
  ['SANDBOX_PAYMENT_SECRET', { PAYMENT_PROVIDERS: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'true' }],
  ['DEV_MAILBOX', { DEV_MAILBOX: 'true' }],
  ['SMS_PROVIDER', { SMS_PROVIDER: undefined }],
  ['SMS_PROVIDER', { SMS_PROVIDER: 'outbox' }],
  ['TWILIO_AUTH_TOKEN', { TWILIO_AUTH_TOKEN: 'short-token' }],
  ['TWILIO_BASE_URL', { TWILIO_BASE_URL: 'http://127.0.0.1:4010' }],
  ['CODE_RESEND_SECONDS', { CODE_RESEND_SECONDS: '1' }],
  ['CODE_RESEND_SECONDS', { CODE_RESEND_SECONDS: '60' }],
  ['DELIVERY_RETRY_SECONDS', { DELIVERY_RETRY_SECONDS: '5' }],
  ['DELIVERY_EXPIRE_SECONDS', { DELIVERY_EXPIRE_SECONDS: '60' }],
  ['JOBS_MAINTENANCE_SECONDS', { JOBS_MAINTENANCE_SECONDS: '30' }],
  ['STRIPE_SECRET_KEY', stripe({ STRIPE_SECRET_KEY: 'sk_live_short' })],
  ['STRIPE_WEBHOOK_SECRET', stripe({ STRIPE_WEBHOOK_SECRET: 'whsec_short' })],
  ['STRIPE_API_BASE', stripe({ STRIPE_API_BASE: 'http://127.0.0.1:12111' })],
  ['PAYPAL_API_BASE', paypal({ PAYPAL_API_BASE: 'http://127.0.0.1:12114' })],
  ['PAYPAL_CLIENT_SECRET', paypal({ PAYPAL_CLIENT_SECRET: 'short-paypal-secret' })],
  [
    'FASTSPRING_SCRIPT_URL',
    fastspring({ FASTSPRING_SCRIPT_URL: 'http://127.0.0.1:12119/sbl/fastspring-builder.min.js' }),
  ],
  ['FASTSPRING_WEBHOOK_SECRET', fastspring({ FASTSPRING_WEBHOOK_SECRET: 'short-fastspring-secret' })],
  ['WECHATPAY_API_BASE', wechat({ WECHATPAY_API_BASE: 'http://127.0.0.1:12112' })],
  ['ALIPAY_GATEWAY', alipay({ ALIPAY_GATEWAY: 'http://127.0.0.1:12113/gateway.do' })],
  ['APPSTORE_ROOT_CERTIFICATES', appStore({ APPSTORE_ROOT_CERTIFICATES: FAKE_ROOT })],
  ['GOOGLE_PLAY_JWKS_URL', googlePlay({ GOOGLE_PLAY_JWKS_URL: 'http://127.0.0.1:9/jwks' })],
  ['GOOGLE_PLAY_TOKEN_URL', googlePlay({ GOOGLE_PLAY_TOKEN_URL: 'http://127.0.0.1:9/token' })],
  ['GOOGLE_PLAY_API_BASE', googlePlay({ GOOGLE_PLAY_API_BASE: 'http://127.0.0.1:9' })],
  ['RECEIPT_SELLER_NAME', { RECEIPT_SELLER_NAME: undefined }],
  ['RECEIPT_SELLER_ADDRESS', { RECEIPT_SELLER_ADDRESS: undefined }],
  ['INVOICING_PROVIDER', china({ INVOICING_PROVIDER: 'sandbox' })],
  ['INVOICING_PROVIDER', china({ INVOICING_PROVIDER: undefined })],
  ['IDENTITY_VERIFIER', china({ IDENTITY_VERIFIER: 'checksum' })],
  ['IDENTITY_VERIFIER', china({ IDENTITY_VERIFIER: undefined })],
  ['NUONUO_API_BASE', china({ NUONUO_API_BASE: 'http://127.0.0.1:12115' })],
  ['NUONUO_APP_SECRET', china({ NUONUO_APP_SECRET: 'short-secret' })],
  ['TENCENT_FACEID_CONNECT_TO', china({ TENCENT_FACEID_CONNECT_TO: 'http://127.0.0.1:12116' })],
  ['TENCENT_FACEID_SECRET_KEY', china({ TENCENT_FACEID_SECRET_KEY: 'short-key' })],
  ['OAUTH_GOOGLE_CLIENT_SECRET', { OAUTH_GOOGLE_CLIENT_ID: 'id', OAUTH_GOOGLE_CLIENT_SECRET: 'short-secret' }],
  ...(['WX', 'QQ', 'WEIBO', 'FACEBOOK'] as const).map((p): [string, Record<string, string>] => [
    `OAUTH_${p}_API_BASE`,
    {
      [`OAUTH_${p}_CLIENT_ID`]: 'app-id',
      [`OAUTH_${p}_CLIENT_SECRET`]: 'a-long-enough-app-secret',
      [`OAUTH_${p}_API_BASE`]: 'http://127.0.0.1:9/fake',
    },
  ]),
  [
    'OAUTH_WX_INAPP_CLIENT_SECRET',
    {
      OAUTH_WX_CLIENT_ID: 'wx-app',
      OAUTH_WX_CLIENT_SECRET: 'a-long-enough-app-secret',
      OAUTH_WX_INAPP_CLIENT_ID: 'wx-mp',
      OAUTH_WX_INAPP_CLIENT_SECRET: 'short',
    },
  ],
];

const withSafe = (change: Record<string, string | undefined>) => {
  const env: Record<string, string | undefined> = { ...SAFE, ...change };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
  return env;
};

describe('production mode', () => {
  it('starts with https, PostgreSQL, SMTP and real gateways only', () => {
    const c = loadConfig(SAFE);
    expect(c).toMatchObject({ production: true, seedDemo: false, devMailbox: false, paymentProviders: [] });
  });

  it.each(UNSAFE_PRODUCTION)('refuses, naming %s', (name, change) => {
    const env = withSafe(change);
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${name} `, 'm'));
    // the same settings are the demo's outside production
    expect(() => loadConfig({ ...env, NODE_ENV: 'development' })).not.toThrow();
  });

  it('starts with Stripe configured, and refuses it without its secrets in any mode', () => {
    expect(loadConfig(withSafe(stripe({}))).payments.stripe).toMatchObject({
      secretKey: STRIPE_KEY,
      apiBase: undefined,
    });
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) {
      for (const mode of ['production', 'development']) {
        const env = withSafe({ ...stripe({}), [name]: undefined, NODE_ENV: mode });
        expect(() => loadConfig(env)).toThrow(
          new RegExp(`^Invalid configuration: ${name} is required when PAYMENT_PROVIDERS lists stripe`, 'm'),
        );
      }
    }
    expect(() =>
      loadConfig(withSafe(stripe({ STRIPE_SECRET_KEY: 'pk_live_0123456789abcdefghijklmnopqrstuvwxyz' }))),
    ).toThrow(/^Invalid configuration: STRIPE_SECRET_KEY must be a Stripe secret key/m);
  });

  it('verifies App Store notifications against Apple Root CA - G3 only, with online checks', () => {
    const c = loadConfig(withSafe(appStore({}))).appStore!;
    expect(c).toMatchObject({
      bundleId: 'com.example.viewer',
      appAppleId: 1234567890,
      environment: 'Production',
      onlineChecks: true,
      products: { 'com.example.viewer.premium.monthly': 'ML2' },
    });
    expect(c.rootCertificates).toHaveLength(1);
    const root = new X509Certificate(c.rootCertificates[0]!);
    expect(root.subject).toContain('CN=Apple Root CA - G3');
    // Apple's published SHA-256 fingerprint of AppleRootCA-G3.cer
    expect(root.fingerprint256).toBe(
      '63:34:3A:BF:B8:9A:6A:03:EB:B5:7E:9B:3F:5F:A7:BE:7C:4F:5C:75:6F:30:17:B3:A8:C4:88:C3:65:3E:91:79',
    );
    expect(loadConfig(withSafe({})).appStore).toBeUndefined();
    for (const mode of ['production', 'development']) {
      for (const name of ['APPSTORE_APP_APPLE_ID', 'APPSTORE_PRODUCTS']) {
        expect(() => loadConfig(withSafe({ ...appStore({ [name]: undefined }), NODE_ENV: mode }))).toThrow(
          new RegExp(`^Invalid configuration: ${name} is required`, 'm'),
        );
      }
    }
    // the Sandbox environment needs no app id; a fake root turns the online checks off (tests only)
    const dev = loadConfig(
      withSafe({
        ...appStore({ APPSTORE_APP_APPLE_ID: undefined, APPSTORE_ROOT_CERTIFICATES: FAKE_ROOT }),
        APPSTORE_ENVIRONMENT: 'Sandbox',
        NODE_ENV: 'development',
      }),
    ).appStore!;
    expect(dev).toMatchObject({ environment: 'Sandbox', onlineChecks: false });
  });

  it('reads Google Play purchases from Google only, and requires its settings in any mode', () => {
    expect(loadConfig(withSafe(googlePlay({}))).googlePlay).toMatchObject({
      packageName: 'com.example.viewer',
      jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      apiBase: 'https://androidpublisher.googleapis.com',
      products: { viewer_premium_monthly: 'ML2' },
    });
    for (const mode of ['production', 'development']) {
      for (const name of [
        'GOOGLE_PLAY_PUSH_AUDIENCE',
        'GOOGLE_PLAY_PUSH_SERVICE_ACCOUNT',
        'GOOGLE_PLAY_SERVICE_ACCOUNT_KEY',
        'GOOGLE_PLAY_PRODUCTS',
      ]) {
        expect(() => loadConfig(withSafe({ ...googlePlay({ [name]: undefined }), NODE_ENV: mode }))).toThrow(
          new RegExp(`^Invalid configuration: ${name} is required`, 'm'),
        );
      }
    }
    expect(() => loadConfig(withSafe(googlePlay({ GOOGLE_PLAY_SERVICE_ACCOUNT_KEY: '{"client_email":"x"}' })))).toThrow(
      /^Invalid configuration: GOOGLE_PLAY_SERVICE_ACCOUNT_KEY must be the service account/m,
    );
  });

  it('starts with PayPal configured, and refuses it without each of its settings in any mode', () => {
    expect(loadConfig(withSafe(paypal({}))).payments.paypal).toEqual({
      clientId: 'AbCdEfGhIjKlMnOp0123456789',
      clientSecret: 'EFgHiJkLmNoPqRsTuVwXyZ0123456789abcdefGHIJ',
      webhookId: '8PT597110X687430LKGECATA',
      environment: 'live',
      apiBase: undefined,
    });
    for (const name of ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID', 'PAYPAL_ENVIRONMENT']) {
      for (const mode of ['production', 'development']) {
        const env = withSafe({ ...paypal({ [name]: undefined }), NODE_ENV: mode });
        expect(() => loadConfig(env)).toThrow(
          new RegExp(`^Invalid configuration: ${name} is required when PAYMENT_PROVIDERS lists paypal`, 'm'),
        );
      }
    }
    expect(() => loadConfig(withSafe(paypal({ PAYPAL_ENVIRONMENT: 'production' })))).toThrow(
      /^Invalid configuration: PAYPAL_ENVIRONMENT /m,
    );
  });

  it('starts with FastSpring configured, and refuses it without each of its settings in any mode', () => {
    expect(loadConfig(withSafe(fastspring({}))).payments.fastspring).toEqual({
      storefront: 'example.onfastspring.com/popup-example',
      mode: 'live',
      accessKey: 'AbCdEfGhIjKlMnOp',
      privateKey: PEM_KEY,
      webhookSecret: 'fastspring-webhook-secret-0123456789abcdef',
      products: { ML2: 'viewer-premium', ML3: 'viewer-professional' },
      scriptUrl: 'https://sbl.onfastspring.com/sbl/1.0.3/fastspring-builder.min.js',
    });
    const test = fastspring({ FASTSPRING_STOREFRONT: 'example.test.onfastspring.com/popup-example' });
    expect(loadConfig(withSafe(test)).payments.fastspring?.mode).toBe('test');
    for (const name of [
      'FASTSPRING_STOREFRONT',
      'FASTSPRING_ACCESS_KEY',
      'FASTSPRING_PRIVATE_KEY',
      'FASTSPRING_WEBHOOK_SECRET',
      'FASTSPRING_PRODUCTS',
    ]) {
      for (const mode of ['production', 'development']) {
        const env = withSafe({ ...fastspring({ [name]: undefined }), NODE_ENV: mode });
        expect(() => loadConfig(env)).toThrow(
          new RegExp(`^Invalid configuration: ${name} is required when PAYMENT_PROVIDERS lists fastspring`, 'm'),
        );
      }
    }
    expect(() => loadConfig(withSafe(fastspring({ FASTSPRING_STOREFRONT: 'https://example.com/popup' })))).toThrow(
      /^Invalid configuration: FASTSPRING_STOREFRONT must be the popup storefront/m,
    );
    expect(() => loadConfig(withSafe(fastspring({ FASTSPRING_PRODUCTS: 'ML2' })))).toThrow(
      /^Invalid configuration: FASTSPRING_PRODUCTS must list goods codes/m,
    );
  });

  it('starts the China build with Nuonuo and Tencent FaceID, and the stand-ins only when asked', () => {
    const c = loadConfig(withSafe(china({})));
    expect(c.invoicing.nuonuo).toMatchObject({
      servicesUrl: 'https://sdk.nuonuo.com/open/v1/services',
      tokenUrl: 'https://open.nuonuo.com/accessToken',
      taxRate: '0.06',
    });
    expect(c.identity).toMatchObject({ verifier: 'tencent', dailyAttempts: 5, tencent: { connectTo: undefined } });
    const standIns = loadConfig(
      withSafe(
        china({
          INVOICING_PROVIDER: 'sandbox',
          ALLOW_SANDBOX_INVOICING: 'true',
          IDENTITY_VERIFIER: 'checksum',
          ALLOW_CHECKSUM_IDENTITY: 'true',
        }),
      ),
    );
    expect(standIns.invoicing).toEqual({ provider: 'sandbox', nuonuo: undefined });
    // finance issues in their own tax system and uploads in the console: allowed in production
    expect(loadConfig(withSafe(china({ INVOICING_PROVIDER: 'manual' }))).invoicing).toEqual({
      provider: 'manual',
      nuonuo: undefined,
    });
    expect(standIns.identity.verifier).toBe('checksum');
    // overseas, where neither is used, the defaults start
    expect(loadConfig(SAFE).invoicing.provider).toBe('sandbox');
    for (const name of ['NUONUO_APP_KEY', 'NUONUO_TAX_NUMBER', 'NUONUO_CLERK', 'NUONUO_GOODS_CODE']) {
      expect(() => loadConfig(withSafe(china({ [name]: undefined, NODE_ENV: 'development' })))).toThrow(
        new RegExp(`^Invalid configuration: ${name} is required when INVOICING_PROVIDER=nuonuo`, 'm'),
      );
    }
    expect(() => loadConfig(withSafe(china({ TENCENT_FACEID_SECRET_ID: undefined })))).toThrow(
      /^Invalid configuration: TENCENT_FACEID_SECRET_ID is required when IDENTITY_VERIFIER=tencent/m,
    );
  });

  it('allows http for 127.0.0.1 and localhost, PGlite and the sandbox only when asked', () => {
    for (const url of ['http://127.0.0.1:8080', 'http://localhost:8080']) {
      expect(loadConfig({ ...SAFE, PUBLIC_URL: url }).publicUrl).toBe(url);
    }
    const embedded = loadConfig(withSafe({ DATABASE_URL: undefined, ALLOW_EMBEDDED_DB: 'true' }));
    expect(embedded.databaseUrl).toBeUndefined();
    const sandbox = loadConfig({
      ...SAFE,
      PAYMENT_PROVIDERS: 'sandbox',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      SANDBOX_PAYMENT_SECRET: 'a-sandbox-secret-of-32-characters-at-least',
    });
    expect(sandbox.paymentProviders).toEqual(['sandbox']);
    const alipaySandbox = 'https://openapi-sandbox.dl.alipaydev.com/gateway.do';
    expect(loadConfig(withSafe(alipay({ ALIPAY_GATEWAY: alipaySandbox }))).payments.alipay?.gateway).toBe(
      alipaySandbox,
    );
    expect(loadConfig(withSafe(wechat({}))).payments.wechat?.apiBase).toBeUndefined();
    const outboxSms = loadConfig({ ...SAFE, SMS_PROVIDER: 'outbox', ALLOW_OUTBOX_SMS: 'true' });
    expect(outboxSms.sms).toEqual({ provider: 'outbox' });
  });

  it('names a variable its own field refuses once (a malformed URL, a secret shorter than 32 characters)', () => {
    for (const [name, value] of [
      ['PUBLIC_URL', 'account.example.com'],
      ['NODE_SECRET', 'too-short'],
      ['SANDBOX_PAYMENT_SECRET', 'too-short'],
    ] as const) {
      expect(() => loadConfig({ ...SAFE, [name]: value })).toThrow(
        new RegExp(`^Invalid configuration: ${name} [^\\n]*$`),
      );
    }
  });

  it('names every variable that is wrong, one line each', () => {
    try {
      loadConfig({ NODE_ENV: 'production' });
      expect.unreachable();
    } catch (e) {
      expect((e as Error).message.split('\n')).toEqual([
        expect.stringMatching(/^Invalid configuration: FIELD_ENCRYPTION_KEY /),
        expect.stringMatching(/^Invalid configuration: PUBLIC_URL /),
        expect.stringMatching(/^Invalid configuration: DATABASE_URL /),
        expect.stringMatching(/^Invalid configuration: SMTP_URL /),
        expect.stringMatching(/^Invalid configuration: PAYMENT_PROVIDERS /),
        expect.stringMatching(/^Invalid configuration: SMS_PROVIDER /),
        expect.stringMatching(/^Invalid configuration: RECEIPT_SELLER_NAME /),
        expect.stringMatching(/^Invalid configuration: RECEIPT_SELLER_ADDRESS /),
      ]);
    }
  });
});

describe('the demo', () => {
  it('has the dev mailbox only with DEV_MAILBOX=true', () => {
    expect(loadConfig({}).devMailbox).toBe(false);
    expect(loadConfig({ DEV_MAILBOX: 'true' }).devMailbox).toBe(true);
  });

  it('says what it is in its first line', () => {
    expect(demoModeLine(loadConfig({ DEV_MAILBOX: 'true' }))).toBe(
      'demo mode: embedded database, demo data, dev mailbox at http://127.0.0.1:8080/dev/mailbox, mail kept in the outbox, sandbox payments — not for production (NODE_ENV=production)',
    );
  });
});
