/**
 * SMS delivery behind a provider interface. The outbox provider records the
 * message (shown on the dev mailbox page outside production); a real
 * provider implements the same `send`.
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
