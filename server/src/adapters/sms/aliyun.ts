/**
 * Alibaba Cloud SMS (dysmsapi 2017-05-25, SendSms) through the official SDK
 * `@alicloud/dysmsapi20170525`, which signs each request with ACS3-HMAC-SHA256
 * (the V3 signature). A mainland number goes as its 11 digits, any other as
 * country code and number without `+`. The answer's `Code` other than `OK`,
 * or an error status, becomes an SmsRefusal (docs/decisions/0016-sms-providers.md).
 */

import type { AliyunSmsConfig } from '../../config/sms.ts';
import { lazy } from '../../lib/lazy.ts';
import { type SmsMessage, type SmsProvider, SmsRefusal, type SmsRefusalReason } from './sms.ts';

/** Aliyun error codes (help.aliyun.com, SMS error codes) and what they mean to the user. */
export function aliyunReason(code: string, status?: number): SmsRefusalReason {
  if (/^isv\.(MOBILE_NUMBER_ILLEGAL|MOBILE_COUNT_OVER_LIMIT|BLACK_KEY_CONTROL_LIMIT|PHONE_NUMBER_ILLEGAL)/.test(code)) {
    return 'badNumber';
  }
  if (/^isv\.(BUSINESS_LIMIT_CONTROL|DAY_LIMIT_CONTROL|MONTH_LIMIT_CONTROL)/.test(code)) return 'limitExceeded';
  if (/^isv\.(SMS_TEMPLATE_ILLEGAL|SMS_SIGNATURE_ILLEGAL|SMS_SIGN_ILLEGAL|TEMPLATE_|SMS_TEMPLATE_|PARAM_)/.test(code)) {
    return 'templateRejected';
  }
  if (
    /^(InvalidAccessKeyId|SignatureDoesNotMatch|Forbidden|isv\.(AMOUNT_NOT_ENOUGH|OUT_OF_SERVICE|ACCOUNT_|PRODUCT_UN_SUBSCRIPT|PRODUCT_UNSUBSCRIBE)|isp\.RAM_PERMISSION_DENY)/.test(
      code,
    )
  ) {
    return 'auth';
  }
  if (status !== undefined && status >= 400 && status < 500 && !/Throttling/.test(code)) return 'auth';
  return 'transient';
}

/** The PhoneNumbers form: 11 digits in mainland China, else the digits of the E.164 number. */
export function aliyunPhone(e164: string): string {
  return e164.startsWith('+861') ? e164.slice(3) : e164.replace(/^\+/, '');
}

export function createAliyunSms(c: AliyunSmsConfig): SmsProvider {
  const url = c.endpoint && /^https?:\/\//.test(c.endpoint) ? new URL(c.endpoint) : undefined;
  // the SDK loads on the first message (lib/lazy.ts)
  const sdk = lazy(async () => {
    const [dysmsapi, { $OpenApiUtil }] = await Promise.all([
      import('@alicloud/dysmsapi20170525'),
      import('@alicloud/openapi-core'),
    ]);
    // the SDK is CommonJS with `exports.default`
    const Dysmsapi = ((dysmsapi.default as unknown as { default?: typeof dysmsapi.default }).default ??
      dysmsapi.default) as typeof dysmsapi.default;
    const client = new Dysmsapi(
      new $OpenApiUtil.Config({
        accessKeyId: c.accessKeyId,
        accessKeySecret: c.accessKeySecret,
        endpoint: url ? url.host : (c.endpoint ?? 'dysmsapi.aliyuncs.com'),
        protocol: url ? url.protocol.replace(':', '') : 'https',
        readTimeout: 10_000,
        connectTimeout: 5_000,
      }),
    );
    return { client, SendSmsRequest: dysmsapi.SendSmsRequest };
  });
  return {
    name: 'aliyun',
    async deliver(m: SmsMessage) {
      const { client, SendSmsRequest } = await sdk();
      const request = new SendSmsRequest({
        phoneNumbers: aliyunPhone(m.to),
        signName: c.signName,
        templateCode: c.templates[m.template],
        templateParam: JSON.stringify(m.params),
      });
      let body: { code?: string; message?: string } | undefined;
      try {
        body = (await client.sendSms(request)).body;
      } catch (e) {
        const err = e as { code?: string; statusCode?: number; message?: string };
        if (err.code && err.statusCode) {
          throw new SmsRefusal(aliyunReason(err.code, err.statusCode), err.code, err.message ?? '');
        }
        throw new SmsRefusal('transient', 'network', (e as Error).message);
      }
      if (body?.code !== 'OK') {
        const code = body?.code ?? 'unknown';
        throw new SmsRefusal(aliyunReason(code), code, body?.message ?? '');
      }
    },
  };
}
