/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that keeps what it receives,
 * for tests that send mail through nodemailer with SMTP_URL.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type SunkMail = { from: string; to: string[]; raw: string; body: string };

/** `hold`: the sink does not answer DATA until `release()` (a slow mail server); `port`: a fixed port (default any). */
export async function startSmtpSink(options: { hold?: boolean; port?: number } = {}) {
  const mails: SunkMail[] = [];
  const held: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address);
        mails.push({ from, to, raw, body: raw.slice(raw.indexOf('\r\n\r\n') + 4) });
        if (options.hold) held.push(() => done());
        else done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The latest mail to `to` received after `after` others, waiting up to 5 s. */
    async next(to: string, after = 0): Promise<SunkMail> {
      for (let i = 0; i < 100; i++) {
        const found = mails.slice(after).filter((m) => m.to.includes(to));
        if (found.length) return found.at(-1)!;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail to ${to}`);
    },
    /** Answers the DATA commands held so far. */
    release: () => {
      for (const answer of held.splice(0)) answer();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
