/**
 * Text messages through a real provider (docs/decisions/0016-sms-providers.md):
 * `send` writes the outbox row and tries the provider once while the caller
 * waits, so a permanent refusal (a number the provider will not serve, the
 * number's daily limit, a template or account the provider rejects) is
 * answered at once with a catalogue code the user understands; a transient
 * failure (timeout, throttling, the provider's own fault) answers OK and
 * leaves a delivery job that retries with back-off, like mail's. Once the
 * provider accepted a message, the outbox keeps a redacted copy.
 */
import { Code, type TCode } from '@ac/protocol/codes';
import type { FastifyBaseLogger } from 'fastify';
import {
  asRefusal,
  type SmsMessage,
  type SmsProvider,
  type SmsRefusalReason,
  type SmsSender,
} from '../../adapters/sms/sms.ts';
import type { SmsTemplate } from '../../config/sms.ts';
import { AppError } from '../../lib/app-error.ts';
import { redactText } from '../../lib/redact.ts';
import type { OutboxRepo } from '../outbox/outbox.repo.ts';
import type { JobQueue, SendOptions } from './job-queue.ts';

export const SMS_QUEUE = 'sms-delivery';
/** Retries after 5 s, doubling: 6 of them over about 5 minutes, within a code's 10-minute life; an attempt cut short by a dead process is retried after 60 s. */
export const SMS_RETRY: SendOptions = { retryLimit: 6, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 };

/** What the user is told when the provider refused for good. */
export const refusalCode: Record<Exclude<SmsRefusalReason, 'transient'>, TCode> = {
  badNumber: Code.smsBadNumber,
  limitExceeded: Code.smsLimitExceeded,
  templateRejected: Code.smsUnavailable,
  auth: Code.smsUnavailable,
};

type SmsJob = { outboxId: string; template: SmsTemplate; params: Record<string, string> };

type Deps = {
  provider: SmsProvider;
  queue: Pick<JobQueue, 'send' | 'work'>;
  outbox: Pick<OutboxRepo, 'insertMessage' | 'findMessage' | 'markSent' | 'markFailed'>;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Seconds before the first retry (SMS_RETRY's by default; a test server's DELIVERY_RETRY_SECONDS). */
  retryDelaySeconds?: number | undefined;
  /** Seconds before an attempt cut short is retried (SMS_RETRY's by default; a test server's DELIVERY_EXPIRE_SECONDS). */
  expireSeconds?: number | undefined;
};

export function createQueuedSms(d: Deps): SmsSender {
  const now = d.now ?? (() => new Date());
  const retry: SendOptions = {
    ...SMS_RETRY,
    retryDelay: d.retryDelaySeconds ?? SMS_RETRY.retryDelay,
    expireInSeconds: d.expireSeconds ?? SMS_RETRY.expireInSeconds,
  };
  const { provider, log } = d;

  /** One attempt; the refusal, if any, recorded on the row. */
  async function attempt(outboxId: string, message: SmsMessage) {
    try {
      await provider.deliver(message);
    } catch (e) {
      const refusal = asRefusal(e);
      await d.outbox.markFailed(outboxId, `${provider.name} ${refusal.message}`);
      return refusal;
    }
    await d.outbox.markSent(outboxId, now(), redactText(message.text));
    return undefined;
  }

  function logRefusal(outboxId: string, reason: SmsRefusalReason, providerCode: string) {
    const context = { outboxId, provider: provider.name, reason, providerCode };
    // a template, sign name or account the provider rejects is the operator's to fix
    if (reason === 'templateRejected' || reason === 'auth') log.error(context, 'SMS provider refused the settings');
    else log.warn(context, 'SMS refused');
  }

  d.queue.work<SmsJob>(SMS_QUEUE, async ({ outboxId, template, params }, job) => {
    const row = await d.outbox.findMessage(outboxId);
    if (!row || row.sentAt) return;
    const refusal = await attempt(outboxId, { to: row.recipient, text: row.body, template, params });
    if (!refusal) return;
    if (refusal.permanent) {
      logRefusal(outboxId, refusal.reason, refusal.providerCode);
      return;
    }
    log.warn({ outboxId, attempt: job.retryCount + 2, error: refusal.message }, 'SMS delivery failed, will retry');
    throw refusal;
  });

  return {
    async send(message) {
      const outboxId = await d.outbox.insertMessage({
        channel: 'sms',
        recipient: message.to,
        subject: `SMS ${message.template}`,
        body: message.text,
      });
      const refusal = await attempt(outboxId, message);
      if (!refusal) return;
      if (refusal.permanent) {
        logRefusal(outboxId, refusal.reason, refusal.providerCode);
        throw new AppError(refusalCode[refusal.reason as Exclude<SmsRefusalReason, 'transient'>]);
      }
      log.warn({ outboxId, error: refusal.message }, 'SMS delivery failed, queued for retry');
      await d.queue.send<SmsJob>(SMS_QUEUE, { outboxId, template: message.template, params: message.params }, retry);
    },
  };
}
