/**
 * Mail delivery: every message is recorded in the outbox. With SMTP_URL a
 * delivery job is written with it and a worker hands it to SMTP
 * (modules/jobs/mail-jobs.ts); once SMTP accepted it the outbox keeps a
 * redacted copy (codes and link ids replaced by ******). Without SMTP_URL
 * the outbox is the mailbox and keeps the clear text (shown on the dev
 * mailbox page with DEV_MAILBOX=true). A local sink without STARTTLS works
 * with `smtp://host:port`; `?ignoreTLS=true` and the other nodemailer
 * options can be given as query parameters of SMTP_URL.
 */
import type { Tx } from '../db/client.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** Drop the outbox copy once SMTP accepted it (a farewell to a deleted account keeps no trace). */
  transient?: boolean;
};
/**
 * `send` writes the message (and over SMTP its delivery job) in one
 * transaction: `tx` when the caller passes its own, so the message exists
 * exactly when the caller's rows do; otherwise one of its own.
 */
export type Mailer = { send(message: MailMessage, tx?: Tx): Promise<void> };
