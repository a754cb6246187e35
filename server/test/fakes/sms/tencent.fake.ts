/**
 * Test support: a local fake of Tencent Cloud's SMS API (2021-01-11,
 * SendSms). It checks the TC3-HMAC-SHA256 signature as Tencent documents it
 * (cloud.tencent.com/document/api/382/52072): the canonical request (method,
 * path, query, the signed headers — content-type and host at least — and the
 * payload's SHA-256), the string to sign with X-TC-Timestamp and the
 * credential scope `date/sms/tc3_request`, the key derived from "TC3" + the
 * secret key through the date, the service and "tc3_request"; the Host must
 * be sms.tencentcloudapi.com. Then the parameters: SmsSdkAppId, SignName, a
 * known TemplateId, TemplateParamSet, and every number of PhoneNumberSet in
 * E.164 (`+86…`). Answers in Tencent's shape: `{Response:{SendStatusSet:[{Code:"Ok",…}],
 * RequestId}}`, a SendStatusSet Code other than Ok for a refused number, and
 * `{Response:{Error:{Code,Message},RequestId}}` for a bad request.
 */
import { randomUUID } from 'node:crypto';
import { TENCENT_SMS_HOST } from '../../../src/adapters/sms/tencent.ts';
import { header, tc3Refusal } from '../tencent-tc3.ts';
import {
  dailyCounter,
  type FakeAnswer,
  type FakeOptions,
  type FakeRequest,
  type FakeSms,
  startFake,
} from './fake-http.ts';

export type TencentFakeOptions = FakeOptions & {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateIds: string[];
};

export async function startTencentFake(o: TencentFakeOptions) {
  const messages: FakeSms[] = [];
  const refused: { code: string; detail: string }[] = [];
  const daily = dailyCounter(o.dailyLimit ?? 10, messages);
  const error = (Code: string, Message: string): FakeAnswer => {
    refused.push({ code: Code, detail: Message });
    return { status: 200, json: { Response: { Error: { Code, Message }, RequestId: randomUUID() } } };
  };

  function handle(r: FakeRequest): FakeAnswer {
    const refusal = tc3Refusal(r, {
      secretId: o.secretId,
      secretKey: o.secretKey,
      host: TENCENT_SMS_HOST,
      service: 'sms',
    });
    if (refusal) return error(refusal.code, refusal.message);
    if (header(r.headers, 'x-tc-action') !== 'SendSms' || header(r.headers, 'x-tc-version') !== '2021-01-11') {
      return error('InvalidAction', 'The action or version is not SendSms 2021-01-11');
    }
    if (!header(r.headers, 'x-tc-region')) return error('MissingParameter', 'X-TC-Region is required');

    let p: {
      PhoneNumberSet?: string[];
      SmsSdkAppId?: string;
      SignName?: string;
      TemplateId?: string;
      TemplateParamSet?: string[];
    };
    try {
      p = JSON.parse(r.body);
    } catch {
      return error('InvalidParameter', 'The body is not JSON');
    }
    if (!Array.isArray(p.PhoneNumberSet) || !p.PhoneNumberSet.length) {
      return error('MissingParameter', 'PhoneNumberSet is required');
    }
    if (p.SmsSdkAppId !== o.sdkAppId)
      return error('InvalidParameterValue.SdkAppIdNotExist', 'SmsSdkAppId does not exist');
    if (!p.TemplateId) return error('MissingParameter', 'TemplateId is required');
    if (p.SignName !== o.signName) {
      return error('FailedOperation.SignatureIncorrectOrUnapproved', 'The signature is incorrect or not approved');
    }
    if (!o.templateIds.includes(p.TemplateId)) {
      return error('FailedOperation.TemplateIncorrectOrUnapproved', 'The template is incorrect or not approved');
    }
    const SendStatusSet = p.PhoneNumberSet.map((to) => {
      const status = (Code: string, Message: string) => {
        if (Code !== 'Ok') refused.push({ code: Code, detail: Message });
        return {
          SerialNo: randomUUID(),
          PhoneNumber: to,
          Fee: Code === 'Ok' ? 1 : 0,
          SessionContext: '',
          Code,
          Message,
          IsoCode: to.startsWith('+86') ? 'CN' : 'XX',
        };
      };
      if (!/^\+[1-9]\d{6,14}$/.test(to))
        return status('InvalidParameterValue.IncorrectPhoneNumber', 'The phone number is incorrect');
      if (daily.over(to))
        return status('LimitExceeded.PhoneNumberDailyLimit', 'The daily limit of this number is reached');
      messages.push({
        to,
        signName: p.SignName,
        template: p.TemplateId,
        params: p.TemplateParamSet ?? [],
        at: new Date().toISOString(),
      });
      return status('Ok', 'send success');
    });
    return { status: 200, json: { Response: { SendStatusSet, RequestId: randomUUID() } } };
  }

  return startFake(o, { messages, refused }, handle, {
    status: 200,
    json: { Response: { Error: { Code: 'InternalError.Timeout', Message: 'Request timed out' }, RequestId: 'OUTAGE' } },
  });
}
