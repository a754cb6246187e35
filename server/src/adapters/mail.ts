/**
 * Mail delivery: every message is recorded in the outbox; with SMTP_URL it
 * is also sent through nodemailer, and once SMTP accepted it the outbox
 * keeps a redacted copy (codes and link ids replaced by ******). Without
 * SMTP_URL the outbox is the mailbox and keeps the clear text (shown on
 * the dev mailbox page with DEV_MAILBOX=true). A local sink
 * without STARTTLS works with `smtp://host:port`; `?ignoreTLS=true` and the
 * other nodemailer options can be given as query parameters of SMTP_URL.
 */
import nodemailer from 'nodemailer';
import { redactText } from '../lib/redact.ts';
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
        else await outbox.markSent(id, new Date(), redactText(message.text));
      } catch (e) {
        await outbox.markFailed(id, (e as Error).message);
        throw e;
      }
    },
  };
}
