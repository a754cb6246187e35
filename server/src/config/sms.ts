/**
 * The SMS provider from the environment (docs/decisions/0016-sms-providers.md):
 * SMS_PROVIDER and the credentials, sign name and template ids of the one
 * selected; a selected provider with a missing setting stops the server,
 * naming the variable.
 */
import { z } from 'zod';

/** The purposes a provider has a template for (a China provider sends only approved templates). */
export const SMS_TEMPLATES = ['register', 'login', 'reset', 'bind', 'delete', 'notice'] as const;
export type SmsTemplate = (typeof SMS_TEMPLATES)[number];

export type AliyunSmsConfig = {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templates: Record<SmsTemplate, string>;
  /** `host[:port]` or an http(s) URL of the API (default dysmsapi.aliyuncs.com over https). */
  endpoint: string | undefined;
};

export type TencentSmsConfig = {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templates: Record<SmsTemplate, string>;
  region: string;
  /**
   * Where to connect instead of sms.tencentcloudapi.com (an http(s) URL):
   * the requests still name and sign for sms.tencentcloudapi.com, like a
   * private gateway or a local fake of the API would expect.
   */
  connectTo: string | undefined;
};

export type TwilioSmsConfig = {
  accountSid: string;
  authToken: string;
  /** A Twilio number in E.164, or a Messaging Service SID (MG…). */
  from: string;
  /** Another API base URL than https://api.twilio.com (a regional edge gateway or a local fake). */
  baseUrl: string | undefined;
};

export const SMS_PROVIDERS = ['outbox', 'aliyun', 'tencent', 'twilio'] as const;
export type TSmsProvider = (typeof SMS_PROVIDERS)[number];

const text = z.string().trim().min(1);
const httpUrl = z.string().regex(/^https?:\/\/[^/]+\/?$/, 'must be an http(s):// URL without a path');

/** SMS_TEMPLATE_REGISTER … SMS_TEMPLATE_NOTICE: the provider's template id (code) of each purpose. */
type TemplateVariable = `SMS_TEMPLATE_${Uppercase<SmsTemplate>}`;
const templateVariable = (t: SmsTemplate) => `SMS_TEMPLATE_${t.toUpperCase()}` as TemplateVariable;

/** The zod fields of the SMS variables, spread into the environment schema. */
export const smsEnvShape = {
  SMS_PROVIDER: z.enum(SMS_PROVIDERS).default('outbox'),
  SMS_SIGN_NAME: text.optional(),
  ...(Object.fromEntries(SMS_TEMPLATES.map((t) => [templateVariable(t), text.optional()])) as Record<
    TemplateVariable,
    z.ZodOptional<typeof text>
  >),
  ALIYUN_SMS_ACCESS_KEY_ID: text.optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: text.optional(),
  ALIYUN_SMS_ENDPOINT: z.string().trim().min(1).optional(),
  TENCENT_SMS_SECRET_ID: text.optional(),
  TENCENT_SMS_SECRET_KEY: text.optional(),
  TENCENT_SMS_SDK_APP_ID: text.optional(),
  TENCENT_SMS_REGION: text.default('ap-guangzhou'),
  TENCENT_SMS_CONNECT_TO: httpUrl.optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-f]{32}$/, 'must be AC and 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: text.optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-f]{32}|[A-Za-z0-9 ]{1,11})$/, 'must be an E.164 number, MG… or a sender id')
    .optional(),
  TWILIO_BASE_URL: httpUrl.optional(),
};
type SmsEnv = z.infer<z.ZodObject<typeof smsEnvShape>>;

const TEMPLATE_VARIABLES = SMS_TEMPLATES.map(templateVariable);
const REQUIRED: Record<Exclude<TSmsProvider, 'outbox'>, readonly (keyof SmsEnv)[]> = {
  aliyun: ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME', ...TEMPLATE_VARIABLES],
  tencent: [
    'TENCENT_SMS_SECRET_ID',
    'TENCENT_SMS_SECRET_KEY',
    'TENCENT_SMS_SDK_APP_ID',
    'SMS_SIGN_NAME',
    ...TEMPLATE_VARIABLES,
  ],
  twilio: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'],
};

export function refineSmsEnv(e: SmsEnv, ctx: z.RefinementCtx) {
  if (e.SMS_PROVIDER === 'outbox') return;
  for (const name of REQUIRED[e.SMS_PROVIDER]) {
    if (!e[name] && !ctx.issues.some((i) => i.path?.[0] === name)) {
      ctx.addIssue({ code: 'custom', path: [name], message: `is required when SMS_PROVIDER=${e.SMS_PROVIDER}` });
    }
  }
}

export type SmsConfig =
  | { provider: 'outbox' }
  | { provider: 'aliyun'; aliyun: AliyunSmsConfig }
  | { provider: 'tencent'; tencent: TencentSmsConfig }
  | { provider: 'twilio'; twilio: TwilioSmsConfig };

/** Called after refineSmsEnv passed, so the selected provider has all its settings. */
export function smsConfig(e: SmsEnv): SmsConfig {
  const templates = () =>
    Object.fromEntries(SMS_TEMPLATES.map((t) => [t, e[templateVariable(t)]!])) as Record<SmsTemplate, string>;
  switch (e.SMS_PROVIDER) {
    case 'outbox':
      return { provider: 'outbox' };
    case 'aliyun':
      return {
        provider: 'aliyun',
        aliyun: {
          accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID!,
          accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET!,
          signName: e.SMS_SIGN_NAME!,
          templates: templates(),
          endpoint: e.ALIYUN_SMS_ENDPOINT,
        },
      };
    case 'tencent':
      return {
        provider: 'tencent',
        tencent: {
          secretId: e.TENCENT_SMS_SECRET_ID!,
          secretKey: e.TENCENT_SMS_SECRET_KEY!,
          sdkAppId: e.TENCENT_SMS_SDK_APP_ID!,
          signName: e.SMS_SIGN_NAME!,
          templates: templates(),
          region: e.TENCENT_SMS_REGION,
          connectTo: e.TENCENT_SMS_CONNECT_TO,
        },
      };
    case 'twilio':
      return {
        provider: 'twilio',
        twilio: {
          accountSid: e.TWILIO_ACCOUNT_SID!,
          authToken: e.TWILIO_AUTH_TOKEN!,
          from: e.TWILIO_FROM!,
          baseUrl: e.TWILIO_BASE_URL,
        },
      };
  }
}
