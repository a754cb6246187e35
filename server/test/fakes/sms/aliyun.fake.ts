/**
 * Test support: a local fake of Alibaba Cloud's SMS API (dysmsapi
 * 2017-05-25, SendSms). It checks the V3 signature as Alibaba documents it
 * (help.aliyun.com "Request syntax and signature method V3"): the
 * `ACS3-HMAC-SHA256 Credential=…,SignedHeaders=…,Signature=…` header is
 * recomputed from the canonical request (method, path, sorted RFC 3986
 * query, the signed headers — host, content-type and every x-acs-* — and the
 * body's SHA-256, which must equal x-acs-content-sha256) and compared;
 * then the parameters: the sign name, a known template code, TemplateParam
 * as JSON, and PhoneNumbers as 11 digits (optionally +86/0086/86) or an
 * international number without `+`. Answers in Alibaba's shape: `{Code:"OK",
 * Message, BizId, RequestId}`, `Code` other than OK for a refused send, and
 * an error status with `{Code, Message, RequestId}` for a bad key or signature.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  dailyCounter,
  type FakeAnswer,
  type FakeOptions,
  type FakeRequest,
  type FakeSms,
  startFake,
} from './fake-http.ts';

export type AliyunFakeOptions = FakeOptions & {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCodes: string[];
};

const REQUIRED_SIGNED = [
  'host',
  'x-acs-action',
  'x-acs-content-sha256',
  'x-acs-date',
  'x-acs-signature-nonce',
  'x-acs-version',
];

/** RFC 3986 percent-encoding, as the V3 canonical query string wants it. */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

function header(h: FakeRequest['headers'], name: string): string {
  const v = h[name];
  return (Array.isArray(v) ? v.join(',') : (v ?? '')).trim();
}

export async function startAliyunFake(o: AliyunFakeOptions) {
  const messages: FakeSms[] = [];
  const refused: { code: string; detail: string }[] = [];
  const daily = dailyCounter(o.dailyLimit ?? 10, messages);
  const requestId = () => randomUUID().toUpperCase();
  const refuse = (status: number, code: string, message: string): FakeAnswer => {
    refused.push({ code, detail: message });
    return { status, json: { RequestId: requestId(), Code: code, Message: message, HostId: 'dysmsapi.aliyuncs.com' } };
  };

  function handle(r: FakeRequest): FakeAnswer {
    // the signature (V3)
    const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      header(r.headers, 'authorization'),
    );
    if (!auth) return refuse(400, 'IncompleteSignature', 'The request signature does not conform to Aliyun standards.');
    const [, keyId = '', signedList = '', signature = ''] = auth;
    if (keyId !== o.accessKeyId)
      return refuse(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    const signed = signedList.split(';');
    const missing = REQUIRED_SIGNED.filter((h) => !signed.includes(h));
    if (missing.length) return refuse(400, 'IncompleteSignature', `SignedHeaders lacks ${missing.join(', ')}`);
    if (sha256(r.body) !== header(r.headers, 'x-acs-content-sha256')) {
      return refuse(400, 'SignatureDoesNotMatch', 'x-acs-content-sha256 is not the SHA-256 of the body');
    }
    const date = Date.parse(header(r.headers, 'x-acs-date'));
    if (!Number.isFinite(date) || Math.abs(Date.now() - date) > 15 * 60_000) {
      return refuse(400, 'InvalidTimeStamp.Expired', 'x-acs-date is missing or more than 15 minutes off');
    }
    const query = [...r.url.searchParams.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${encode(k)}=${encode(v)}`)
      .join('&');
    const canonicalHeaders = [...signed]
      .sort()
      .map((h) => `${h}:${header(r.headers, h)}\n`)
      .join('');
    const canonical = [r.method, r.url.pathname, query, canonicalHeaders, signed.join(';'), sha256(r.body)].join('\n');
    const expected = createHmac('sha256', o.accessKeySecret)
      .update(`ACS3-HMAC-SHA256\n${sha256(canonical)}`)
      .digest();
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
      return refuse(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    }
    if (header(r.headers, 'x-acs-action') !== 'SendSms' || header(r.headers, 'x-acs-version') !== '2017-05-25') {
      return refuse(404, 'InvalidAction.NotFound', 'Specified api is not found, please check your url and method.');
    }

    // the parameters (query string, or a form body)
    const form = new URLSearchParams(r.body);
    const param = (name: string) => r.url.searchParams.get(name) ?? form.get(name) ?? '';
    const phone = param('PhoneNumbers');
    const signName = param('SignName');
    const templateCode = param('TemplateCode');
    for (const [name, value] of [
      ['PhoneNumbers', phone],
      ['SignName', signName],
      ['TemplateCode', templateCode],
    ]) {
      if (!value) return refuse(400, 'MissingParameter', `${name} is mandatory for this action.`);
    }
    const ok = (Code: string, Message: string): FakeAnswer => {
      if (Code !== 'OK') refused.push({ code: Code, detail: Message });
      return {
        status: 200,
        json: { RequestId: requestId(), Code, Message, ...(Code === 'OK' ? { BizId: `${Date.now()}^0` } : {}) },
      };
    };
    if (signName !== o.signName) return ok('isv.SMS_SIGNATURE_ILLEGAL', 'The signature is illegal');
    if (!o.templateCodes.includes(templateCode)) return ok('isv.SMS_TEMPLATE_ILLEGAL', 'The template is illegal');
    let params: unknown;
    try {
      params = JSON.parse(param('TemplateParam') || '{}');
    } catch {
      return ok('isv.INVALID_JSON_PARAM', 'TemplateParam is not JSON');
    }
    // mainland numbers are 11 digits of the 13x-19x segments
    const mainland = /^(?:\+86|0086|86)?(1[3-9]\d{9})$/.exec(phone);
    const international = !/^(?:\+86|0086|86)?1\d{10}$/.test(phone) && /^(?!86)[1-9]\d{6,14}$/.test(phone);
    if (!mainland && !international) return ok('isv.MOBILE_NUMBER_ILLEGAL', 'The mobile number is illegal');
    const to = mainland ? `+86${mainland[1]}` : `+${phone}`;
    if (daily.over(to)) return ok('isv.DAY_LIMIT_CONTROL', 'The daily limit of this number is reached');
    messages.push({ to, signName, template: templateCode, params, at: new Date().toISOString() });
    return ok('OK', 'OK');
  }

  return startFake(o, { messages, refused }, handle, {
    status: 503,
    json: {
      RequestId: 'OUTAGE',
      Code: 'ServiceUnavailable',
      Message: 'The request has failed due to a temporary failure of the server.',
    },
  });
}
