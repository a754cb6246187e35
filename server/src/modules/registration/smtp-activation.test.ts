/**
 * A real SMTP sink (smtp-server on 127.0.0.1): the activation mail leaves
 * through nodemailer, its link is followed to activate, then the new
 * account logs in.
 */

import type { AddressInfo } from 'node:net';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TLoginResponse } from '@ac/protocol/session';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkToken, registrationForm, STRONG_PASSWORD } from '../../../test/registration-support.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { outbox } from '../../db/schema/index.ts';

type Received = { to: string[]; raw: string };
const received: Received[] = [];
let sink: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const { port } = sink.server.address() as AddressInfo;
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Accounts <accounts@example.com>' },
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

/** Undoes quoted-printable soft breaks and escapes (the English mail is ASCII). */
const decodeQp = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

async function waitForSink(to: string): Promise<Received> {
  for (let i = 0; i < 300; i++) {
    const hit = received.find((m) => m.to.includes(to));
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`the sink got no mail to ${to}`);
}

describe('activation through a real SMTP server', () => {
  it('delivers the link, which activates the account, which can then log in', async () => {
    const email = 'smtp-user@example.com';
    const res = await t.client.call(
      calls.registration.registerByEmail,
      registrationForm(email, { name: 'Sam', region: 'FR' }),
    );
    expect(res.code).toBe(Code.ok);

    const mail = await waitForSink(email);
    const text = decodeQp(mail.raw);
    expect(text).toMatch(/^From: Accounts <accounts@example\.com>/m);
    expect(text).toMatch(/^Subject: Activate your account/m);
    expect(text).toContain('http://127.0.0.1:8080/account/secure/toactivate/');
    const token = linkToken(text, '/toactivate');

    const login = () =>
      t.client.call<TLoginResponse>(calls.session.login, { account: email, password: STRONG_PASSWORD });
    expect((await login()).code).toBe(Code.accountNotActivated);
    expect((await t.client.call(calls.registration.toActivate, { id: token })).code).toBe(Code.ok);
    const ok = await login();
    expect(ok.code).toBe(Code.ok);
    expect(ok.data.userInfo).toMatchObject({ email, isActivate: 1 });

    // the outbox copy is marked sent and keeps the link without its id
    for (let i = 0; i < 100; i++) {
      const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, email));
      if (row?.sentAt) {
        expect(row.body).toContain('http://127.0.0.1:8080/account/secure/toactivate/******');
        expect(row.body).not.toContain(token);
        return;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('the outbox row was never marked sent');
  });
});
