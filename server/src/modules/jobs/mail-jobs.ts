/**
 * Mail over SMTP through the job queue: `send` writes the outbox row and a
 * delivery job in one transaction before the call answers (the caller's
 * transaction when it passes one: both rows commit or roll back with its
 * own, so no row is ever left without its job); a worker hands the message to SMTP,
 * retrying with back-off while the server is down or refuses. A process
 * killed after answering loses nothing: the next one delivers the job
 * (docs/decisions/0012-durable-jobs.md). The answer never waits for SMTP.
 */

import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Mailer } from '../../adapters/mail.ts';
import type { Db, Tx } from '../../db/client.ts';
import { redactText } from '../../lib/redact.ts';
import { createOutboxRepo, type OutboxRepo } from '../outbox/outbox.repo.ts';
import type { JobQueue, SendOptions } from './job-queue.ts';

export const MAIL_QUEUE = 'mail-delivery';
/**
 * Retries after 5–10 s, doubling (with jitter): 10 of them over 1.5–3 hours, then the row keeps its
 * last error. An attempt cut short by a dead process is retried once 60 s have passed (the SMTP
 * timeouts below end a live attempt well before).
 */
export const MAIL_RETRY: SendOptions = { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 };
/** Connecting, the greeting and each wait on the SMTP server end within these (nodemailer: 2 min, 30 s, 10 min). */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

type MailJob = { outboxId: string; transient?: boolean };

type Deps = {
  smtpUrl: string;
  from: string;
  db: Db;
  queue: Pick<JobQueue, 'send' | 'work' | 'prepare' | 'wake'>;
  outbox: Pick<OutboxRepo, 'findMessage' | 'markSent' | 'markFailed' | 'deleteMessage'>;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Seconds before the first retry (MAIL_RETRY's by default; a test server's DELIVERY_RETRY_SECONDS). */
  retryDelaySeconds?: number | undefined;
  /** Seconds before an attempt cut short is retried (MAIL_RETRY's by default; a test server's DELIVERY_EXPIRE_SECONDS). */
  expireSeconds?: number | undefined;
};

export function createQueuedMailer(d: Deps): Mailer {
  const now = d.now ?? (() => new Date());
  const retry: SendOptions = {
    ...MAIL_RETRY,
    retryDelay: d.retryDelaySeconds ?? MAIL_RETRY.retryDelay,
    expireInSeconds: d.expireSeconds ?? MAIL_RETRY.expireInSeconds,
  };
  const transport = nodemailer.createTransport({ url: d.smtpUrl, ...SMTP_TIMEOUTS });

  d.queue.work<MailJob>(MAIL_QUEUE, async ({ outboxId, transient }, job) => {
    const message = await d.outbox.findMessage(outboxId);
    // gone with its account, or delivered by an attempt that did not live to say so
    if (!message || message.sentAt) return;
    try {
      await transport.sendMail({ from: d.from, to: message.recipient, subject: message.subject, text: message.body });
    } catch (e) {
      const error = (e as Error).message;
      await d.outbox.markFailed(outboxId, error);
      d.log.warn({ outboxId, attempt: job.retryCount + 1, error }, 'mail delivery failed, will retry');
      throw e;
    }
    if (transient) await d.outbox.deleteMessage(outboxId);
    // handed to SMTP: the row keeps a redacted copy, no clear code or link id
    else await d.outbox.markSent(outboxId, now(), redactText(message.body));
  });

  return {
    async send({ transient, ...message }, callerTx) {
      const enqueue = async (tx: Tx) => {
        const outboxId = await createOutboxRepo(tx).insertMessage({
          channel: 'mail',
          recipient: message.to,
          subject: message.subject,
          body: message.text,
        });
        await d.queue.send<MailJob>(MAIL_QUEUE, transient ? { outboxId, transient } : { outboxId }, retry, tx);
      };
      if (callerTx) return enqueue(callerTx);
      // the queue exists before the transaction opens (PGlite runs one statement stream at a time)
      await d.queue.prepare(MAIL_QUEUE);
      await d.db.transaction(enqueue);
      d.queue.wake(MAIL_QUEUE);
    },
  };
}
