import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import type { TLoginResponse } from '@ac/protocol/session';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { outbox } from '../../db/schema/index.ts';
import { DEMO_EMAIL } from '../../seed/demo.ts';

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ demo: true, env: { SMTP_URL: sink.url, MAIL_FROM: 'Account Center <ac@example.com>' } });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

describe('mail through a real SMTP server', () => {
  it('delivers a login code that then logs in', async () => {
    const sent = await t.client.call(calls.codes.sendEmailCode, { email: DEMO_EMAIL, purpose: 'login' });
    expect(sent.code).toBe(Code.ok);
    const mail = await sink.next(DEMO_EMAIL);
    expect(mail.from).toBe('ac@example.com');
    expect(mail.raw).toMatch(/^Subject: Your verification code$/m);
    const code = mail.body.match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeDefined();

    const login = await t.client.call<TLoginResponse>(calls.session.loginByCode, { account: DEMO_EMAIL, code });
    expect(login.code).toBe(Code.ok);
    expect(login.data.userInfo.email).toBe(DEMO_EMAIL);

    // marked sent once SMTP accepted it (the answer did not wait for that), keeping no clear code
    await vi.waitFor(async () => {
      const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, DEMO_EMAIL));
      expect(row?.sentAt).not.toBeNull();
      expect(row?.error).toBeNull();
      expect(row?.body).toContain('Your verification code is ******.');
      expect(row?.body).not.toContain(code);
    });
  });

  it('localises the mail by the client language', async () => {
    const before = sink.mails.length;
    const sent = await t.client.call(
      calls.codes.sendEmailCode,
      { email: 'nobody-yet@example.com', purpose: 'register' },
      { clientInfo: { language: 'de' } },
    );
    expect(sent.code).toBe(Code.ok);
    const mail = await sink.next('nobody-yet@example.com', before);
    expect(mail.raw).toMatch(/Subject: =\?UTF-8\?Q\?Ihr_Best=C3=A4tigungscode\?=|Subject: Ihr Bestätigungscode/);
  });
});

describe('without SMTP_URL', () => {
  it('the outbox is the delivery (the dev mailbox shows it), so it keeps the code', async () => {
    const demo = await createTestApp({ demo: true });
    try {
      expect((await demo.client.call(calls.codes.sendEmailCode, { email: DEMO_EMAIL, purpose: 'login' })).code).toBe(
        Code.ok,
      );
      await vi.waitFor(async () => {
        const [row] = await demo.db.select().from(outbox).where(eq(outbox.recipient, DEMO_EMAIL));
        expect(row?.body).toMatch(/Your verification code is \d{6}\./);
        expect(row?.sentAt).toBeNull();
      });
    } finally {
      await demo.close();
    }
  });
});

describe('a slow mail server', () => {
  it('does not hold up the answer of an account-blind send, so its time tells nothing', async () => {
    const slow = await startSmtpSink({ hold: true });
    const app = await createTestApp({ demo: true, env: { SMTP_URL: slow.url } });
    try {
      // the server has not accepted the mail yet, and the answer is already there
      const sent = await app.client.call(calls.codes.sendEmailCode, { email: DEMO_EMAIL, purpose: 'login' });
      expect(sent.code).toBe(Code.ok);
      await slow.next(DEMO_EMAIL);
      const [pending] = await app.db.select().from(outbox).where(eq(outbox.recipient, DEMO_EMAIL));
      expect(pending?.sentAt).toBeNull();
      slow.release();
      await vi.waitFor(async () => {
        const [row] = await app.db.select().from(outbox).where(eq(outbox.recipient, DEMO_EMAIL));
        expect(row?.sentAt).not.toBeNull();
      });
    } finally {
      slow.release();
      await app.close();
      await slow.close();
    }
  });
});
