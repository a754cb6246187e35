/**
 * Test support: a local fake of Twilio's Messages resource (POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json). It checks HTTP basic
 * auth with the account SID and auth token (Twilio's way for REST calls),
 * the account in the path, and the form parameters: To in E.164, From (a
 * number of the account) or MessagingServiceSid, and Body. Answers in
 * Twilio's shape: 201 with the message resource, or an error status with
 * `{code, message, more_info, status}` (20003 bad credentials, 21211 invalid
 * To, 21212 invalid From, 21602 no Body, 63038 daily limit).
 */
import { randomBytes } from 'node:crypto';
import {
  dailyCounter,
  type FakeAnswer,
  type FakeOptions,
  type FakeRequest,
  type FakeSms,
  startFake,
} from './fake-http.ts';

export type TwilioFakeOptions = FakeOptions & { accountSid: string; authToken: string; from: string };

export async function startTwilioFake(o: TwilioFakeOptions) {
  const messages: FakeSms[] = [];
  const refused: { code: string; detail: string }[] = [];
  const daily = dailyCounter(o.dailyLimit ?? 10, messages);
  const error = (status: number, code: number, message: string): FakeAnswer => {
    refused.push({ code: String(code), detail: message });
    return { status, json: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } };
  };

  function handle(r: FakeRequest): FakeAnswer {
    const path = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(r.url.pathname);
    if (r.method !== 'POST' || !path) return error(404, 20404, 'The requested resource was not found');
    const basic = /^Basic (.+)$/.exec(String(r.headers.authorization ?? ''));
    const [user, pass] = basic
      ? Buffer.from(basic[1] ?? '', 'base64')
          .toString('utf8')
          .split(':')
      : [];
    if (user !== o.accountSid || pass !== o.authToken) return error(401, 20003, 'Authenticate');
    if (path[1] !== o.accountSid) return error(403, 20008, 'The account in the path is not the authenticated one');
    if (!String(r.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return error(400, 20001, 'The body must be form parameters');
    }
    const form = new URLSearchParams(r.body);
    const to = form.get('To') ?? '';
    const from = form.get('From');
    const service = form.get('MessagingServiceSid');
    const body = form.get('Body') ?? '';
    if (!to) return error(400, 21604, "A 'To' phone number is required.");
    if (!/^\+[1-9]\d{6,14}$/.test(to)) return error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (!from && !service) return error(400, 21603, "A 'From' phone number is required.");
    if (from ? from !== o.from : service !== o.from) {
      return error(
        400,
        21212,
        `The 'From' number ${from ?? service} is not a valid phone number, shortcode, or alphanumeric sender ID.`,
      );
    }
    if (!body) return error(400, 21602, 'Message body is required.');
    if (daily.over(to)) return error(429, 63038, 'The account exceeded the daily messages limit for this number');
    messages.push({ to, text: body, at: new Date().toISOString() });
    const now = new Date().toUTCString();
    return {
      status: 201,
      json: {
        sid: `SM${randomBytes(16).toString('hex')}`,
        account_sid: o.accountSid,
        to,
        from: from ?? null,
        messaging_service_sid: service ?? null,
        body,
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: now,
        date_updated: now,
        date_sent: null,
        error_code: null,
        error_message: null,
        price: null,
        price_unit: 'USD',
        uri: `/2010-04-01/Accounts/${o.accountSid}/Messages.json`,
      },
    };
  }

  return startFake(o, { messages, refused }, handle, {
    status: 503,
    json: {
      code: 20503,
      message: 'Service unavailable',
      more_info: 'https://www.twilio.com/docs/errors/20503',
      status: 503,
    },
  });
}
