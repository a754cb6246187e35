/**
 * No mail is lost when the process dies after answering: the real server
 * (src/main.ts) takes a login code request while its SMTP server is down,
 * answers, fails its first delivery attempt and is killed with SIGKILL; the
 * SMTP server comes up, the server restarts on the same data, and the mail
 * arrives — on PGlite (DATA_DIR), and on PostgreSQL when TEST_DATABASE_URL
 * is set.
 */
import { createServer } from 'node:net';
import { createClient } from '@ac/client';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { describe, expect, it } from 'vitest';
import { cleanupsAfterAll, emptyDatabaseEnv, spawnServer } from '../../../test/server-process.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import { onPostgres } from '../../../test/test-db.ts';
import { DEMO_EMAIL } from '../../seed/demo.ts';

const serverDir = new URL('../../..', import.meta.url).pathname;
const cleanup = cleanupsAfterAll();

const start = (env: Record<string, string>) =>
  spawnServer({
    args: ['--import', 'tsx', 'src/main.ts'],
    cwd: serverDir,
    env: { JOBS_SCHEDULE: 'false', ...env },
    cleanup,
  });

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function mailTo(sink: SmtpSink, to: string, ms: number) {
  for (let waited = 0; waited < ms; waited += 100) {
    const mail = sink.mails.find((m) => m.to.includes(to));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} within ${ms} ms`);
}

describe('durable mail delivery', () => {
  it('delivers a code accepted before a SIGKILL once the server is back', async () => {
    const smtpPort = await freePort();
    const port = await freePort();
    const env = {
      ...(await emptyDatabaseEnv('kill', onPostgres, cleanup)),
      PORT: String(port),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // the retry after the restart comes after 1 s, not the queue's 5 s (a test server's setting)
      DELIVERY_RETRY_SECONDS: '1',
    };

    // the SMTP server is down: the answer comes, the first attempt fails, the process dies
    const first = start(env);
    await first.waitFor('ready at');
    const client = createClient({
      baseUrl: `http://127.0.0.1:${port}`,
      clientInfo: { clientType: 'User_PC', clientVersion: '1.0', language: 'en' },
    });
    const sent = await client.send(calls.codes.sendEmailCode, { email: DEMO_EMAIL, purpose: 'login' });
    expect(sent.code).toBe(Code.ok);
    await first.waitFor('mail delivery failed, will retry');
    first.child.kill('SIGKILL');
    await first.exited;

    // the SMTP server is up, the server restarts on the same data: the retry delivers the code
    const sink = await startSmtpSink({ port: smtpPort });
    cleanup(() => sink.close());
    const second = start(env);
    await second.waitFor('ready at');
    const mail = await mailTo(sink, DEMO_EMAIL, 30_000);
    expect(mail.raw).toMatch(/^Subject: Your verification code$/m);
    expect(mail.body).toMatch(/\b\d{6}\b/);
    second.child.kill('SIGTERM');
    await second.exited;
  }, 120_000);
});
