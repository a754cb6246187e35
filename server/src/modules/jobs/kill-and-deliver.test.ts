/**
 * No mail is lost when the process dies after answering: the real server
 * (src/main.ts) takes a login code request while its SMTP server is down,
 * answers, fails its first delivery attempt and is killed with SIGKILL; the
 * SMTP server comes up, the server restarts on the same data, and the mail
 * arrives — on PGlite (DATA_DIR), and on PostgreSQL when TEST_DATABASE_URL
 * is set.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@ac/client';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import { onPostgres } from '../../../test/test-db.ts';
import { DEMO_EMAIL } from '../../seed/demo.ts';

const serverDir = new URL('../../..', import.meta.url).pathname;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

function start(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'info', NODE_ENV: 'development', JOBS_SCHEDULE: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  const waitFor = async (text: string, ms = 30_000) => {
    for (let waited = 0; !output.includes(text); waited += 100) {
      if (waited > ms || child.exitCode !== null) throw new Error(`no "${text}" in: ${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, exited, waitFor };
}

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

async function database(): Promise<Record<string, string>> {
  if (!onPostgres) {
    const dataDir = mkdtempSync(join(tmpdir(), 'ac-kill-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return { DATA_DIR: dataDir };
  }
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `ac_kill_${Date.now()}`;
  await admin.query(`create database ${name}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString() };
}

describe('durable mail delivery', () => {
  it('delivers a code accepted before a SIGKILL once the server is back', async () => {
    const smtpPort = await freePort();
    const port = await freePort();
    const env = { ...(await database()), PORT: String(port), SMTP_URL: `smtp://127.0.0.1:${smtpPort}` };

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
    cleanups.push(() => sink.close());
    const second = start(env);
    await second.waitFor('ready at');
    const mail = await mailTo(sink, DEMO_EMAIL, 30_000);
    expect(mail.raw).toMatch(/^Subject: Your verification code$/m);
    expect(mail.body).toMatch(/\b\d{6}\b/);
    second.child.kill('SIGTERM');
    await second.exited;
  }, 120_000);
});
