/**
 * SMS delivery behind a provider interface. The outbox provider records the
 * message, which is then its only delivery (shown on the dev mailbox page
 * with DEV_MAILBOX=true); a real provider implements the same `send` and,
 * like the mailer, writes the outbox row and its delivery job in one
 * transaction (the caller's `tx` when given) and keeps only a redacted copy
 * (lib/redact.ts) once the message is handed over.
 */
import type { DbOrTx, Tx } from '../db/client.ts';
import { createOutboxRepo } from '../modules/outbox/outbox.repo.ts';

export type SmsMessage = { to: string; text: string };
export type SmsSender = { send(message: SmsMessage, tx?: Tx): Promise<void> };

export function createOutboxSms(db: DbOrTx): SmsSender {
  return {
    async send(message, tx) {
      await createOutboxRepo(tx ?? db).insertMessage({
        channel: 'sms',
        recipient: message.to,
        subject: 'SMS',
        body: message.text,
      });
    },
  };
}
