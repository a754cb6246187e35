/**
 * The mail server of the e2e run: a real SMTP server (smtp-server) that the
 * product servers deliver to through SMTP_URL, and a small HTTP view of what
 * it received, parsed with mailparser, for the specs to read.
 *
 *   SMTP  127.0.0.1:8310
 *   HTTP  127.0.0.1:8311  GET /messages.json  → { rows: SinkMessage[] } (newest first, 500;
 *                         every one with ?all=1, for the log check after the run)
 *
 * Started by support/start-servers.ts beside the product servers
 * (support/fakes.ts).
 */
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { type SinkMessage, SMTP_SINK } from './smtp-sink-config.ts';

const received: SinkMessage[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  size: 1024 * 1024,
  onData(stream, session, done) {
    simpleParser(stream)
      .then((mail) => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        for (const rcpt of session.envelope.rcptTo) {
          received.unshift({
            from,
            to: rcpt.address.toLowerCase(),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            receivedAt: new Date().toISOString(),
          });
        }
        done();
      })
      .catch((e: Error) => done(e));
  },
});

const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://sink');
  if (req.method === 'GET' && url.pathname === '/messages.json') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ rows: url.searchParams.has('all') ? received : received.slice(0, 500) }));
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('not found');
});

smtp.listen(SMTP_SINK.smtpPort, '127.0.0.1');
http.listen(SMTP_SINK.httpPort, '127.0.0.1');

const stop = () => {
  smtp.close(() => undefined);
  http.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
