/**
 * The outbox as the delivery: without SMTP_URL a mail, and with the outbox
 * SMS provider a text message, is only recorded in the outbox (the dev
 * mailbox page shows it). The adapters (adapters/mail.ts, adapters/sms/sms.ts)
 * define what a sender is; this module implements it on the outbox table.
 */
import type { Mailer } from '../../adapters/mail.ts';
import type { SmsSender } from '../../adapters/sms/sms.ts';
import type { DbOrTx } from '../../db/client.ts';
import { createOutboxRepo, type OutboxRepo } from './outbox.repo.ts';

/** Without SMTP: the outbox row is the delivery. */
export function createOutboxMailer(db: DbOrTx): Mailer {
  return {
    async send(message, tx) {
      await createOutboxRepo(tx ?? db).insertMessage({
        channel: 'mail',
        recipient: message.to,
        subject: message.subject,
        body: message.text,
      });
    },
  };
}

/** The outbox SMS provider: the outbox row is the delivery. */
export function createOutboxSms(outbox: Pick<OutboxRepo, 'insertMessage'>): SmsSender {
  return {
    async send(message) {
      await outbox.insertMessage({
        channel: 'sms',
        recipient: message.to,
        subject: 'SMS',
        body: message.text,
      });
    },
  };
}
