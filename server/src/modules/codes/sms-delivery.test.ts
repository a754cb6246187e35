/**
 * Codes by SMS through a real provider adapter (Alibaba Cloud's SDK) against
 * the local fake of its API: the China registration, one target for `138…`
 * and `+86138…`, a permanent refusal answered with a catalogue code, and a
 * transient failure retried through the job queue.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAliyunFake } from '../../../test/fakes/sms/aliyun.fake.ts';
import type { SmsFake } from '../../../test/fakes/sms/fake-http.ts';
import { STRONG_PASSWORD } from '../../../test/registration-support.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { outbox, users } from '../../db/schema/index.ts';

const keys = { accessKeyId: 'LTAI5tTestKeyId', accessKeySecret: 'test-access-key-secret-0123456789' };
const templateEnv = {
  SMS_TEMPLATE_REGISTER: 'SMS_100',
  SMS_TEMPLATE_LOGIN: 'SMS_101',
  SMS_TEMPLATE_RESET: 'SMS_102',
  SMS_TEMPLATE_BIND: 'SMS_103',
  SMS_TEMPLATE_DELETE: 'SMS_104',
  SMS_TEMPLATE_NOTICE: 'SMS_105',
};

let fake: SmsFake;
let t: TestApp;
beforeAll(async () => {
  fake = await startAliyunFake({ ...keys, signName: '账户中心', templateCodes: Object.values(templateEnv) });
  t = await createTestApp({
    region: 'cn',
    demo: true,
    env: {
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: keys.accessKeyId,
      ALIYUN_SMS_ACCESS_KEY_SECRET: keys.accessKeySecret,
      ALIYUN_SMS_ENDPOINT: fake.url,
      SMS_SIGN_NAME: '账户中心',
      ...templateEnv,
      // the outage test's retry comes after 1–2 s, not the real 5–10 s
      DELIVERY_RETRY_SECONDS: '1',
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const sendSms = (mobile: string, purpose: string) => t.client.call(calls.codes.sendSmsCode, { mobile, purpose });
const lastCode = (to: string) => {
  const params = fake.messages.filter((m) => m.to === to).at(-1)?.params as { code?: string } | undefined;
  return params?.code;
};

describe('SMS through Alibaba Cloud (local fake)', () => {
  it('registers with the code the provider delivered; 138… and +86138… are one account', async () => {
    expect((await sendSms('13912340001', 'register')).code).toBe(Code.ok);
    expect(fake.messages.at(-1)).toMatchObject({ to: '+8613912340001', template: 'SMS_100', signName: '账户中心' });
    const code = lastCode('+8613912340001');
    expect(code).toMatch(/^\d{6}$/);
    // the code was sent to 139…, it is used with +86139…
    const res = await t.client.call(calls.registration.registerByMobile, {
      mobile: '+86 139 1234 0001',
      code,
      password: STRONG_PASSWORD,
      agree: true,
    });
    expect(res.code).toBe(Code.ok);
    const [user] = await t.db.select().from(users).where(eq(users.mobile, '+8613912340001'));
    expect(user).toBeDefined();
    const login = await t.client.call(calls.session.login, { account: '13912340001', password: STRONG_PASSWORD });
    expect(login.code).toBe(Code.ok);
    // handed to the provider: the outbox keeps no clear code
    const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, '+8613912340001'));
    expect(row?.sentAt).not.toBeNull();
    expect(row?.body).not.toContain(code);
  });

  it('limits count once for both forms of a number', async () => {
    expect((await sendSms('+8613912340002', 'login')).code).toBe(Code.ok);
    expect((await sendSms('13912340002', 'login')).code).toBe(Code.codeSendTooSoon);
  });

  it('a number the provider refuses is answered with a catalogue code, and nothing is retried', async () => {
    const before = fake.refused.length;
    const res = await sendSms('12000000001', 'register');
    expect(res.code).toBe(Code.smsBadNumber);
    expect(fake.refused.slice(before)).toEqual([expect.objectContaining({ code: 'isv.MOBILE_NUMBER_ILLEGAL' })]);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, '+8612000000001'));
    expect(row?.sentAt).toBeNull();
    expect(row?.error).toContain('isv.MOBILE_NUMBER_ILLEGAL');
  });

  it('a provider outage answers OK and the job queue delivers the code once it is back', async () => {
    fake.failNext(1);
    expect((await sendSms('13912340003', 'register')).code).toBe(Code.ok);
    expect(lastCode('+8613912340003')).toBeUndefined();
    await vi.waitFor(() => expect(lastCode('+8613912340003')).toMatch(/^\d{6}$/), { timeout: 20_000, interval: 200 });
    await vi.waitFor(async () => {
      const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, '+8613912340003'));
      expect(row?.sentAt).not.toBeNull();
    });
  }, 30_000);
});
