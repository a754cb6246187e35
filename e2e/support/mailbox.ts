/**
 * What the servers sent. Mail is read from the SMTP sink (the servers
 * deliver through SMTP_URL; e2e/support/smtp-sink.ts), so a spec sees the
 * mail as delivered and decoded; each server signs with its own MAIL_FROM,
 * so a spec reads only its server's mail. The China server's SMS goes to the
 * Alibaba Cloud fake (e2e/support/sms-fake-config.ts) and is read from what
 * it accepted; the overseas servers' SMS is read from their dev mailbox (the
 * outbox, shown with DEV_MAILBOX=true, which e2e/support/servers.ts sets).
 * Numbers are compared in E.164, as the servers keep them.
 */
import { normalizeMobile } from '@ac/protocol/common';
import { clientAddressHeaders } from './client-address.ts';
import { recordSecrets, secretsInText } from './secrets.ts';
import { serverOf } from './servers.ts';
import { type FakeSmsMessage, SMS_FAKE } from './sms-fake-config.ts';
import { type SinkMessage, SMTP_SINK } from './smtp-sink-config.ts';

/** One message as a spec needs it, whichever way it came. */
export type Message = { recipient: string; subject: string; body: string; at: Date };

type OutboxRow = { channel: 'mail' | 'sms'; recipient: string; subject: string; body: string; createdAt: string };

const isEmail = (recipient: string) => recipient.includes('@');

async function mailsTo(origin: string, recipient: string): Promise<Message[]> {
  const { rows } = (await (await fetch(SMTP_SINK.messagesUrl)).json()) as { rows: SinkMessage[] };
  recordSecrets(rows.flatMap((m) => secretsInText(m.text)));
  const from = serverOf(origin).mailFrom;
  return rows
    .filter((m) => m.from === from && m.to === recipient.toLowerCase())
    .map((m) => ({ recipient: m.to, subject: m.subject, body: m.text, at: new Date(m.receivedAt) }));
}

async function smsTo(origin: string, mobile: string): Promise<Message[]> {
  const recipient = normalizeMobile(mobile) ?? mobile;
  if (serverOf(origin).region === 'cn') {
    const url = `${SMS_FAKE.messagesUrl}?to=${encodeURIComponent(recipient)}`;
    const sent = (await (await fetch(url)).json()) as FakeSmsMessage[];
    // the provider's copy holds the code as a template parameter: recorded for the log check
    recordSecrets(sent.flatMap((m) => secretsInText(Object.values(m.params).join(' '))));
    return sent
      .map((m) => ({ recipient: m.to, subject: m.template, body: JSON.stringify(m.params), at: new Date(m.at) }))
      .reverse();
  }
  // the dev mailbox has no limit, but every request a test makes to a server comes from its client (support/test.ts)
  const answer = await fetch(`${origin}/dev/mailbox.json`, { headers: clientAddressHeaders() });
  const { rows } = (await answer.json()) as { rows: OutboxRow[] };
  // the dev mailbox shows the newest 100 only: its codes are recorded as they are seen, for the log check
  recordSecrets(rows.flatMap((m) => secretsInText(m.body)));
  return rows
    .filter((m) => m.channel === 'sms' && m.recipient === recipient)
    .map((m) => ({ recipient: m.recipient, subject: m.subject, body: m.body, at: new Date(m.createdAt) }));
}

/** Messages to `recipient` from the server at `origin`, newest first. */
const messagesTo = (origin: string, recipient: string) =>
  isEmail(recipient) ? mailsTo(origin, recipient) : smsTo(origin, recipient);

/**
 * A new-sign-in alert (docs/decisions/0045-sign-in-history.md): its text ends with the link to
 * the activity page. A sign-in from a new browser sends one at any time, so the helpers below
 * skip it unless a spec asks for it.
 */
export const isSignInAlert = (m: Message) =>
  /\/activity\s*$/.test(m.body) || /new sign-in to your account/i.test(`${m.subject} ${m.body}`);

/** The newest message to `recipient` sent at or after `since` that `accept` takes (waits up to 10 s for it). */
async function newestSince(origin: string, recipient: string, since: Date, accept: (m: Message) => boolean) {
  for (let i = 0; i < 100; i++) {
    const found = (await messagesTo(origin, recipient)).find(
      (m) => m.at.getTime() >= since.getTime() - 1000 && accept(m),
    );
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no message for ${recipient} since ${since.toISOString()}`);
}

/**
 * The newest message to `recipient` sent at or after `since` (waits up to 10 s for it); a
 * new-sign-in alert only with `signInAlert: true`, and then only such an alert.
 */
export async function messageSince(
  origin: string,
  recipient: string,
  since: Date,
  options: { signInAlert?: boolean } = {},
): Promise<Message> {
  const wanted = options.signInAlert === true;
  return newestSince(origin, recipient, since, (m) => isSignInAlert(m) === wanted);
}

/** The 6-digit code of the newest message to `recipient` since `since` that has one. */
export async function codeSince(origin: string, recipient: string, since: Date): Promise<string> {
  const code = /\b(\d{6})\b/;
  const message = await newestSince(origin, recipient, since, (m) => !isSignInAlert(m) && code.test(m.body));
  const found = message.body.match(code)?.[1];
  if (!found) throw new Error(`no code for ${recipient}`);
  return found;
}

/** The path of the first link in a message that goes to `pathPattern` (e.g. /toactivate\/[\w-]+/). */
export function linkIn(message: Message, pathPattern: RegExp): string {
  const link = message.body.match(new RegExp(`https?://\\S*?${pathPattern.source}`))?.[0];
  if (!link) throw new Error(`no link like ${pathPattern} in "${message.subject}"`);
  return link;
}
