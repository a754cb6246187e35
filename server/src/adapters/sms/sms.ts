/**
 * SMS delivery behind a provider interface (docs/decisions/0016-sms-providers.md).
 * The outbox provider records the message, which is then its only delivery
 * (shown on the dev mailbox page with DEV_MAILBOX=true); the real providers
 * (Alibaba Cloud, Tencent Cloud, Twilio) send a template of the purpose with
 * its parameters, through the job queue (modules/jobs/sms-jobs.ts), and the
 * outbox keeps only a redacted copy once the provider accepted it.
 */
import type { SmsTemplate } from '../../config/sms.ts';

/**
 * A text message: the recipient in E.164, the full text (the outbox copy and
 * Twilio's body) and the template with its parameters (`code` for a code,
 * `subject` for a notice) for the providers that send templates.
 */
export type SmsMessage = { to: string; text: string; template: SmsTemplate; params: Record<string, string> };
export type SmsSender = { send(message: SmsMessage): Promise<void> };

/**
 * Why a provider did not take a message. `permanent` refusals are not
 * retried (the number, the template or the account is wrong, or today's
 * limit is reached); the others (timeouts, throttling, the provider's own
 * faults) are retried with back-off.
 */
export type SmsRefusalReason = 'badNumber' | 'limitExceeded' | 'templateRejected' | 'auth' | 'transient';

export class SmsRefusal extends Error {
  readonly permanent: boolean;
  constructor(
    readonly reason: SmsRefusalReason,
    /** The provider's own code (e.g. `isv.MOBILE_NUMBER_ILLEGAL`, `FailedOperation.TemplateIncorrectOrUnapproved`, `21211`). */
    readonly providerCode: string,
    message: string,
  ) {
    super(`${providerCode}: ${message}`);
    this.name = 'SmsRefusal';
    this.permanent = reason !== 'transient';
  }
}

/** One provider's sending: resolves once the provider accepted the message, else throws an SmsRefusal. */
export type SmsProvider = { name: string; deliver(message: SmsMessage): Promise<void> };

/** A thrown value that is not an SmsRefusal (a network error, a timeout): transient. */
export function asRefusal(e: unknown): SmsRefusal {
  if (e instanceof SmsRefusal) return e;
  return new SmsRefusal('transient', 'network', (e as Error)?.message ?? String(e));
}
