/**
 * Tencent Cloud SMS (API 2021-01-11, SendSms) through the official SDK
 * `tencentcloud-sdk-nodejs-sms`, which signs each request with
 * TC3-HMAC-SHA256. Numbers go in E.164 (`+86…`); the template's parameters
 * are positional ({1} = the code, or the notice's subject). `Response.Error`
 * and a SendStatusSet entry whose Code is not `Ok` become an SmsRefusal
 * (docs/decisions/0016-sms-providers.md).
 */

import type { TencentSmsConfig } from '../../config/sms.ts';
import { connectToAgent } from '../../lib/connect-to-agent.ts';
import { lazy } from '../../lib/lazy.ts';
import { type SmsMessage, type SmsProvider, SmsRefusal, type SmsRefusalReason } from './sms.ts';

export const TENCENT_SMS_HOST = 'sms.tencentcloudapi.com';

/** Tencent Cloud error codes (cloud.tencent.com/document/product/382/52075) and what they mean to the user. */
export function tencentReason(code: string): SmsRefusalReason {
  if (
    /^(InvalidParameterValue\.IncorrectPhoneNumber|FailedOperation\.PhoneNumberInBlacklist|FailedOperation\.PhoneNumberParseFail|UnsupportedOperation\.UnsupportedRegion|FailedOperation\.ContainDomesticAndInternationalPhoneNumber|UnsupportedOperation\.ContainDomesticAndInternationalPhoneNumber)/.test(
      code,
    )
  ) {
    return 'badNumber';
  }
  if (
    /^LimitExceeded\.(PhoneNumber|DailyLimit|AppDailyLimit|AppCountryOrRegionDailyLimit|AppGlobalDailyLimit)/.test(code)
  ) {
    return 'limitExceeded';
  }
  if (
    /^(FailedOperation\.(Template|Signature|MissingTemplate|MissingSignature)|InvalidParameterValue\.(Template|Sign|SdkAppId))/.test(
      code,
    )
  ) {
    return 'templateRejected';
  }
  if (/^(AuthFailure|UnauthorizedOperation|FailedOperation\.(InsufficientBalance|Arrears))/.test(code)) return 'auth';
  return 'transient';
}

export function createTencentSms(c: TencentSmsConfig): SmsProvider {
  const target = c.connectTo ? new URL(c.connectTo) : undefined;
  // the SDK loads on the first message (lib/lazy.ts)
  const client = lazy(async () => {
    const tencentcloud = await import('tencentcloud-sdk-nodejs-sms');
    return new tencentcloud.sms.v20210111.Client({
      credential: { secretId: c.secretId, secretKey: c.secretKey },
      region: c.region,
      profile: {
        httpProfile: {
          endpoint: TENCENT_SMS_HOST,
          protocol: target ? `${target.protocol}//` : 'https://',
          reqTimeout: 10,
          ...(target ? { agent: connectToAgent(target) } : {}),
        },
      },
    });
  });
  return {
    name: 'tencent',
    async deliver(m: SmsMessage) {
      const sms = await client();
      let answer: Awaited<ReturnType<typeof sms.SendSms>>;
      try {
        answer = await sms.SendSms({
          PhoneNumberSet: [m.to],
          SmsSdkAppId: c.sdkAppId,
          SignName: c.signName,
          TemplateId: c.templates[m.template],
          TemplateParamSet: Object.values(m.params),
        });
      } catch (e) {
        const err = e as { code?: string; httpCode?: number; message?: string };
        if (err.code) throw new SmsRefusal(tencentReason(err.code), err.code, err.message ?? '');
        throw new SmsRefusal('transient', err.httpCode ? `HTTP ${err.httpCode}` : 'network', err.message ?? '');
      }
      const status = answer.SendStatusSet?.[0];
      if (status?.Code !== 'Ok') {
        const code = status?.Code ?? 'NoSendStatus';
        throw new SmsRefusal(tencentReason(code), code, status?.Message ?? '');
      }
    },
  };
}
