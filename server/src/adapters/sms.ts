/**
 * SMS delivery behind a provider interface. The outbox provider records the
 * message, which is then its only delivery (shown on the dev mailbox page
 * with DEV_MAILBOX=true); a real provider implements the same `send` and,
 * like the mailer, keeps only a redacted copy (lib/redact.ts) once the
 * message is handed over.
 */
import type { OutboxRepo } from '../modules/outbox/outbox.repo.ts';

export type SmsMessage = { to: string; text: string };
export type SmsSender = { send(message: SmsMessage): Promise<void> };

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
