/**
 * A China test app sending its SMS through Alibaba Cloud's real adapter to the local fake of its
 * API (aliyun.fake.ts), for the tests of a file: the fake's keys, sign name and the six templates
 * the app is configured with, and a first delivery retry after 1–2 s instead of the real 5–10 s.
 */
import { afterAll } from 'vitest';
import { filledBeforeAll } from '../../filled-before-all.ts';
import { createTestApp, type TestApp, type TestAppOptions } from '../../test-app.ts';
import { startAliyunFake } from './aliyun.fake.ts';

export const ALIYUN_KEYS = { accessKeyId: 'LTAI5tTestKeyId', accessKeySecret: 'test-access-key-secret-0123456789' };
export const ALIYUN_SIGN_NAME = '账户中心';
/** The template of each purpose, as the app is configured (SMS_TEMPLATE_*). */
export const ALIYUN_TEMPLATES = {
  SMS_TEMPLATE_REGISTER: 'SMS_100',
  SMS_TEMPLATE_LOGIN: 'SMS_101',
  SMS_TEMPLATE_RESET: 'SMS_102',
  SMS_TEMPLATE_BIND: 'SMS_103',
  SMS_TEMPLATE_DELETE: 'SMS_104',
  SMS_TEMPLATE_NOTICE: 'SMS_105',
};

/**
 * The fake and the app for the tests of the file; with `down` the fake refuses connections before
 * the app ever reaches it. Closed after the tests.
 */
export function aliyunSmsAppForTests(o: { down?: boolean; app?: TestAppOptions } = {}) {
  const fake = filledBeforeAll(async () => {
    const started = await startAliyunFake({
      ...ALIYUN_KEYS,
      signName: ALIYUN_SIGN_NAME,
      templateCodes: Object.values(ALIYUN_TEMPLATES),
    });
    if (o.down) started.refuseConnections();
    return started;
  });
  const t: TestApp = filledBeforeAll(() =>
    createTestApp({
      ...o.app,
      region: 'cn',
      env: {
        SMS_PROVIDER: 'aliyun',
        ALIYUN_SMS_ACCESS_KEY_ID: ALIYUN_KEYS.accessKeyId,
        ALIYUN_SMS_ACCESS_KEY_SECRET: ALIYUN_KEYS.accessKeySecret,
        ALIYUN_SMS_ENDPOINT: fake.url,
        SMS_SIGN_NAME: ALIYUN_SIGN_NAME,
        ...ALIYUN_TEMPLATES,
        DELIVERY_RETRY_SECONDS: '1',
        ...o.app?.env,
      },
    }),
  );
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  return { t, fake };
}
