/**
 * Mail delivery: every message is recorded in the outbox; with SMTP_URL it
 * is also sent through nodemailer. Without SMTP_URL the outbox is the
 * mailbox (shown on the dev mailbox page outside production). A local sink
 * without STARTTLS works with `smtp://host:port`; `?ignoreTLS=true` and the
 * other nodemailer options can be given as query parameters of SMTP_URL.
 */
import nodemailer from 'nodemailer';
import type { OutboxRepo } from '../modules/outbox/outbox.repo.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** Drop the outbox copy once SMTP accepted it (a farewell to a deleted account keeps no trace). */
  transient?: boolean;
};
export type Mailer = { send(message: MailMessage): Promise<void> };

export function createMailer(
  options: { smtpUrl: string | undefined; from: string },
  outbox: Pick<OutboxRepo, 'insertMessage' | 'markSent' | 'markFailed' | 'deleteMessage'>,
): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send({ transient, ...message }) {
      const id = await outbox.insertMessage({
        channel: 'mail',
        recipient: message.to,
        subject: message.subject,
        body: message.text,
      });
      if (!transport) return;
      try {
        await transport.sendMail({ from: options.from, ...message });
        if (transient) await outbox.deleteMessage(id);
        else await outbox.markSent(id, new Date());
      } catch (e) {
        await outbox.markFailed(id, (e as Error).message);
        throw e;
      }
    },
  };
}
