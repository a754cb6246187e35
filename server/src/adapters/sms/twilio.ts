/**
 * Twilio Programmable Messaging (Messages resource, POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json) through the official SDK
 * `twilio`: HTTP basic auth with the account SID and auth token, form
 * parameters To (E.164), From or MessagingServiceSid, and Body — Twilio has
 * no template ids, so the message's own text is sent. An error answer
 * (JSON with code, message, status) becomes an SmsRefusal
 * (docs/decisions/0016-sms-providers.md).
 */

import type RequestClient from 'twilio/lib/base/RequestClient';
import type { TwilioSmsConfig } from '../../config/sms.ts';
import { lazy } from '../../lib/lazy.ts';
import { type SmsMessage, type SmsProvider, SmsRefusal, type SmsRefusalReason } from './sms.ts';

/** Twilio error codes (twilio.com/docs/api/errors) and what they mean to the user. */
export function twilioReason(code: number, status: number): SmsRefusalReason {
  if ([21211, 21214, 21217, 21265, 21408, 21610, 21612, 21614, 21635].includes(code)) return 'badNumber';
  if ([14107, 30022, 63038].includes(code)) return 'limitExceeded';
  if ([20003, 20005, 20008, 20404, 21212, 21606, 21608, 21659].includes(code) || status === 401 || status === 403) {
    return 'auth';
  }
  if (status === 429 || status >= 500) return 'transient';
  return status >= 400 ? 'auth' : 'transient';
}

type Twilio = typeof import('twilio');

/** The SDK's request client with every `https://*.twilio.com` URL moved to `baseUrl`. */
function baseUrlRequestClient(twilio: Twilio, baseUrl: string): RequestClient {
  return new (class extends twilio.RequestClient {
    override request<T>(opts: RequestClient.RequestOptions<T>) {
      const uri = opts.uri.replace(/^https:\/\/[a-z0-9.-]*twilio\.com/, baseUrl.replace(/\/$/, ''));
      return super.request<T>({ ...opts, uri });
    }
  })({ timeout: 10_000 });
}

export function createTwilioSms(c: TwilioSmsConfig): SmsProvider {
  // the SDK loads on the first message (lib/lazy.ts)
  const client = lazy(async () => {
    const twilio = (await import('twilio')).default;
    return twilio(c.accountSid, c.authToken, {
      httpClient: c.baseUrl ? baseUrlRequestClient(twilio, c.baseUrl) : new twilio.RequestClient({ timeout: 10_000 }),
    });
  });
  const sender = c.from.startsWith('MG') ? { messagingServiceSid: c.from } : { from: c.from };
  return {
    name: 'twilio',
    async deliver(m: SmsMessage) {
      try {
        await (await client()).messages.create({ to: m.to, body: m.text, ...sender });
      } catch (e) {
        const err = e as { code?: number; status?: number; message?: string };
        if (typeof err.status === 'number') {
          const code = err.code ?? err.status;
          throw new SmsRefusal(twilioReason(code, err.status), String(code), err.message ?? '');
        }
        throw new SmsRefusal('transient', 'network', err.message ?? String(e));
      }
    },
  };
}
