/**
 * Each SMS adapter, through its provider's official SDK, against a local
 * fake of that provider's HTTP API which recomputes the request signature
 * and checks the parameters the way the provider documents them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startAliyunFake } from '../../../test/fakes/sms/aliyun.fake.ts';
import type { SmsFake } from '../../../test/fakes/sms/fake-http.ts';
import { startTencentFake } from '../../../test/fakes/sms/tencent.fake.ts';
import { startTwilioFake } from '../../../test/fakes/sms/twilio.fake.ts';
import type { SmsTemplate } from '../../config/sms.ts';
import { createAliyunSms } from './aliyun.ts';
import { type SmsMessage, SmsRefusal } from './sms.ts';
import { createTencentSms } from './tencent.ts';
import { createTwilioSms } from './twilio.ts';

const templates = (prefix: string) =>
  Object.fromEntries(
    (['register', 'login', 'reset', 'bind', 'delete', 'notice'] as const).map((t, i) => [t, `${prefix}${100 + i}`]),
  ) as Record<SmsTemplate, string>;

const code = (to: string, template: SmsTemplate = 'register'): SmsMessage => ({
  to,
  text: 'Your code is 123456, valid for 10 minutes.',
  template,
  params: { code: '123456' },
});

async function refusal(p: Promise<void>): Promise<SmsRefusal> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(SmsRefusal);
  return e as SmsRefusal;
}

let fakes: SmsFake[] = [];
afterEach(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  fakes = [];
});

describe('Alibaba Cloud SMS (ACS3-HMAC-SHA256)', () => {
  const keys = { accessKeyId: 'LTAI5tTestKeyId', accessKeySecret: 'test-access-key-secret-0123456789' };
  async function setup(over: Partial<Parameters<typeof createAliyunSms>[0]> = {}, dailyLimit = 10) {
    const fake = await startAliyunFake({
      ...keys,
      signName: '账户中心',
      templateCodes: Object.values(templates('SMS_')),
      dailyLimit,
    });
    fakes.push(fake);
    const sms = createAliyunSms({
      ...keys,
      signName: '账户中心',
      templates: templates('SMS_'),
      endpoint: fake.url,
      ...over,
    });
    return { fake, sms };
  }

  it('sends the template of the purpose with its code to the 11-digit mainland number', async () => {
    const { fake, sms } = await setup();
    await sms.deliver(code('+8613800001111', 'reset'));
    await sms.deliver(code('+85291234567'));
    expect(fake.messages).toMatchObject([
      { to: '+8613800001111', signName: '账户中心', template: 'SMS_102', params: { code: '123456' } },
      { to: '+85291234567', template: 'SMS_100' },
    ]);
    expect(fake.refused).toEqual([]);
  });

  it('is refused with a wrong secret: the fake recomputes the signature', async () => {
    const { fake, sms } = await setup({ accessKeySecret: 'another-secret' });
    const e = await refusal(sms.deliver(code('+8613800001111')));
    expect(e).toMatchObject({ reason: 'auth', providerCode: 'SignatureDoesNotMatch', permanent: true });
    expect(fake.messages).toEqual([]);
  });

  it('maps Code != OK: template not approved, daily limit', async () => {
    const bad = await setup({ templates: { ...templates('SMS_'), login: 'SMS_999' } }, 1);
    const e = await refusal(bad.sms.deliver(code('+8613800001111', 'login')));
    expect(e).toMatchObject({ reason: 'templateRejected', providerCode: 'isv.SMS_TEMPLATE_ILLEGAL', permanent: true });
    await bad.sms.deliver(code('+8613800001111'));
    const limit = await refusal(bad.sms.deliver(code('+8613800001111')));
    expect(limit).toMatchObject({ reason: 'limitExceeded', providerCode: 'isv.DAY_LIMIT_CONTROL' });
  });

  it('an unreachable API is a transient failure', async () => {
    const { fake, sms } = await setup();
    await fake.close();
    fakes = [];
    expect(await refusal(sms.deliver(code('+8613800001111')))).toMatchObject({ reason: 'transient', permanent: false });
  });
});

describe('Tencent Cloud SMS (TC3-HMAC-SHA256)', () => {
  const keys = { secretId: 'AKIDtestSecretId', secretKey: 'test-secret-key-0123456789' };
  async function setup(over: Partial<Parameters<typeof createTencentSms>[0]> = {}, dailyLimit = 10) {
    const fake = await startTencentFake({
      ...keys,
      sdkAppId: '1400000001',
      signName: '账户中心',
      templateIds: Object.values(templates('')),
      dailyLimit,
    });
    fakes.push(fake);
    const sms = createTencentSms({
      ...keys,
      sdkAppId: '1400000001',
      signName: '账户中心',
      templates: templates(''),
      region: 'ap-guangzhou',
      connectTo: fake.url,
      ...over,
    });
    return { fake, sms };
  }

  it('sends +86 numbers with the template id and positional parameters', async () => {
    const { fake, sms } = await setup();
    await sms.deliver(code('+8613800002222', 'delete'));
    expect(fake.messages).toMatchObject([{ to: '+8613800002222', template: '104', params: ['123456'] }]);
  });

  it('is refused with a wrong secret key: Response.Error AuthFailure.SignatureFailure', async () => {
    const { fake, sms } = await setup({ secretKey: 'wrong' });
    const e = await refusal(sms.deliver(code('+8613800002222')));
    expect(e).toMatchObject({ reason: 'auth', providerCode: 'AuthFailure.SignatureFailure' });
    expect(fake.messages).toEqual([]);
  });

  it('maps Response.Error and SendStatusSet codes: unapproved template, bad number, daily limit', async () => {
    const { sms } = await setup({ templates: { ...templates(''), bind: '999' } }, 1);
    expect(await refusal(sms.deliver(code('+8613800002222', 'bind')))).toMatchObject({
      reason: 'templateRejected',
      providerCode: 'FailedOperation.TemplateIncorrectOrUnapproved',
    });
    expect(await refusal(sms.deliver(code('+86123')))).toMatchObject({
      reason: 'badNumber',
      providerCode: 'InvalidParameterValue.IncorrectPhoneNumber',
    });
    await sms.deliver(code('+8613800002222'));
    expect(await refusal(sms.deliver(code('+8613800002222')))).toMatchObject({
      reason: 'limitExceeded',
      providerCode: 'LimitExceeded.PhoneNumberDailyLimit',
    });
  });
});

describe('Twilio (basic auth, form parameters)', () => {
  const keys = { accountSid: 'AC0123456789abcdef0123456789abcdef', authToken: 'test-auth-token-0123456789' };
  async function setup(over: Partial<Parameters<typeof createTwilioSms>[0]> = {}) {
    const fake = await startTwilioFake({ ...keys, from: '+15005550006' });
    fakes.push(fake);
    const sms = createTwilioSms({ ...keys, from: '+15005550006', baseUrl: fake.url, ...over });
    return { fake, sms };
  }

  it('sends the text to the E.164 number', async () => {
    const { fake, sms } = await setup();
    await sms.deliver(code('+14155550100'));
    expect(fake.messages).toMatchObject([{ to: '+14155550100', text: 'Your code is 123456, valid for 10 minutes.' }]);
  });

  it('maps error JSON: 20003 bad credentials, 21211 invalid To', async () => {
    const wrong = await setup({ authToken: 'wrong-token' });
    expect(await refusal(wrong.sms.deliver(code('+14155550100')))).toMatchObject({
      reason: 'auth',
      providerCode: '20003',
    });
    const { sms } = await setup();
    expect(await refusal(sms.deliver(code('+1415')))).toMatchObject({ reason: 'badNumber', providerCode: '21211' });
  });
});
