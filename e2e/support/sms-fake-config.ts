/**
 * The China server's SMS provider in the e2e run: Alibaba Cloud's SDK
 * talking to the local fake of its API (server/test/fakes/sms/aliyun.fake.ts,
 * started by e2e/support/sms-fake.ts), which checks every request's
 * signature and parameters and lists what it accepted at /messages.
 */
import { port } from './ports.ts';

const TEMPLATES = {
  REGISTER: 'SMS_E2E_100',
  LOGIN: 'SMS_E2E_101',
  RESET: 'SMS_E2E_102',
  BIND: 'SMS_E2E_103',
  DELETE: 'SMS_E2E_104',
  NOTICE: 'SMS_E2E_105',
};

export const SMS_FAKE = {
  port: port(8313),
  url: `http://127.0.0.1:${port(8313)}`,
  messagesUrl: `http://127.0.0.1:${port(8313)}/messages`,
  accessKeyId: 'LTAI5tE2eAccessKeyId',
  accessKeySecret: 'e2e-aliyun-access-key-secret-0123456789',
  signName: 'AccountCenter',
  templateCodes: Object.values(TEMPLATES),
  /** The China server's environment for it. */
  serverEnv: () => [
    'SMS_PROVIDER=aliyun',
    `ALIYUN_SMS_ACCESS_KEY_ID=${SMS_FAKE.accessKeyId}`,
    `ALIYUN_SMS_ACCESS_KEY_SECRET=${SMS_FAKE.accessKeySecret}`,
    `ALIYUN_SMS_ENDPOINT=${SMS_FAKE.url}`,
    `SMS_SIGN_NAME=${SMS_FAKE.signName}`,
    ...Object.entries(TEMPLATES).map(([purpose, code]) => `SMS_TEMPLATE_${purpose}=${code}`),
  ],
};

/** One message the fake accepted: `params` holds the template's values (`code`). */
export type FakeSmsMessage = { to: string; template: string; params: Record<string, string>; at: string };
