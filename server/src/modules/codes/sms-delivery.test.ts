/**
 * Codes by SMS through a real provider adapter (Alibaba Cloud's SDK) against
 * the local fake of its API: the China registration, one target for `138…`
 * and `+86138…`, a permanent refusal answered with a catalogue code, and a
 * transient failure retried through the job queue.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { aliyunSmsAppForTests } from '../../../test/fakes/sms/aliyun-app.ts';
import { STRONG_PASSWORD } from '../../../test/registration-support.ts';
import { outbox, users } from '../../db/schema/index.ts';

const { t, fake } = aliyunSmsAppForTests({ app: { demo: true } });

const sendSms = (mobile: string, purpose: string) => t.client.call(calls.codes.sendSmsCode, { mobile, purpose });
const lastCode = (to: string) => {
  const params = fake.messages.filter((m) => m.to === to).at(-1)?.params as { code?: string } | undefined;
  return params?.code;
};

describe('SMS through Alibaba Cloud (local fake)', () => {
  it('registers with the code the provider delivered; 138… and +86138… are one account', async () => {
    expect((await sendSms('13912340001', 'register')).code).toBe(Code.ok);
    expect(fake.messages.at(-1)).toMatchObject({ to: '+8613912340001', template: 'SMS_100', signName: '账户中心' });
    const code = lastCode('+8613912340001');
    expect(code).toMatch(/^\d{6}$/);
    // the code was sent to 139…, it is used with +86139…
    const res = await t.client.call(calls.registration.registerByMobile, {
      mobile: '+86 139 1234 0001',
      code,
      password: STRONG_PASSWORD,
      agree: true,
    });
    expect(res.code).toBe(Code.ok);
    const [user] = await t.db.select().from(users).where(eq(users.mobile, '+8613912340001'));
    expect(user).toBeDefined();
    const login = await t.client.call(calls.session.login, { account: '13912340001', password: STRONG_PASSWORD });
    expect(login.code).toBe(Code.ok);
    // handed to the provider: the outbox keeps no clear code
    const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, '+8613912340001'));
    expect(row?.sentAt).not.toBeNull();
    expect(row?.body).not.toContain(code);
  });

  it('limits count once for both forms of a number', async () => {
    expect((await sendSms('+8613912340002', 'login')).code).toBe(Code.ok);
    expect((await sendSms('13912340002', 'login')).code).toBe(Code.codeSendTooSoon);
  });

  it('a number the provider refuses is answered with a catalogue code, and nothing is retried', async () => {
    const before = fake.refused.length;
    const res = await sendSms('12000000001', 'register');
    expect(res.code).toBe(Code.smsBadNumber);
    expect(fake.refused.slice(before)).toEqual([expect.objectContaining({ code: 'isv.MOBILE_NUMBER_ILLEGAL' })]);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, '+8612000000001'));
    expect(row?.sentAt).toBeNull();
    expect(row?.error).toContain('isv.MOBILE_NUMBER_ILLEGAL');
  });

  it('a provider outage answers OK and the job queue delivers the code once it is back', async () => {
    const outages = fake.outageAnswers;
    fake.failNext(1);
    expect((await sendSms('13912340003', 'register')).code).toBe(Code.ok);
    await vi.waitFor(() => expect(lastCode('+8613912340003')).toMatch(/^\d{6}$/), { timeout: 20_000, interval: 200 });
    // the first attempt met the outage and the queue's retry delivered it (whenever the answer came,
    // which on a busy machine can be after the retry: the test does not look in between)
    expect(fake.outageAnswers - outages).toBe(1);
    await vi.waitFor(async () => {
      const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, '+8613912340003'));
      expect(row?.sentAt).not.toBeNull();
    });
  }, 30_000);
});
