import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { httpPaths } from '@ac/protocol/http-paths';
import type { TLoginResponse } from '@ac/protocol/session';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixedCaptcha, sendCode } from '../../../test/codes-helper.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  auditLog,
  avatarFiles,
  orders,
  outbox,
  redeemCodes,
  thirdPartyBindings,
  users,
} from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/hashing.ts';
import { DEMO_EMAIL, DEMO_MOBILE, DEMO_PASSWORD } from '../../seed/demo.ts';

let sink: SmtpSink;
let t: TestApp;
let userId: string;
const tokens: string[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    demo: true,
    env: { SMTP_URL: sink.url },
    adapters: { captcha: fixedCaptcha },
  });
  for (const account of [DEMO_EMAIL, DEMO_MOBILE]) tokens.push((await login(account)).data.utoken);
  const [demo] = await t.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
  userId = demo!.id;
  await t.db.insert(thirdPartyBindings).values({ userId, provider: 'google', subject: 'demo-sub', name: 'Demo G' });
  await uploadAvatar(tokens[0]!);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

function login(account: string, password = DEMO_PASSWORD) {
  return t.client.call<TLoginResponse>(calls.session.login, { account, password });
}
async function uploadAvatar(token: string) {
  const png = await sharp({ create: { width: 150, height: 150, channels: 3, background: 'blue' } })
    .png()
    .toBuffer();
  const boundary = 'ac-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  const res = await t.app.inject({
    method: 'POST',
    url: `${httpPaths.avatarUploads[0]}?utoken=${token}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  expect(res.json()).toMatchObject({ code: Code.ok });
}
const cancel = (token: string, payload: Record<string, unknown>) =>
  t.client.call(calls.account.cancel, payload, { token });
const storedAvatars = async () => await t.db.select({ name: avatarFiles.name }).from(avatarFiles);

/** Every row of every table, as text. */
async function everything(): Promise<string> {
  type Rows<T> = { rows: T[] };
  const tables = (await t.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not like '%drizzle%'`,
  )) as unknown as Rows<{ tablename: string }>;
  const parts: string[] = [];
  for (const { tablename } of tables.rows) {
    const rows = (await t.db.execute(
      sql`select row_to_json(x)::text as j from ${sql.identifier(tablename)} x`,
    )) as unknown as Rows<{ j: string }>;
    parts.push(...rows.rows.map((r) => `${tablename}: ${r.j}`));
  }
  return parts.join('\n');
}

describe('userCancelAccount', () => {
  it('needs the agreement and the right code on the chosen channel; a refusal changes nothing', async () => {
    const token = tokens[0]!;
    const code = await sendCode(t, { email: DEMO_EMAIL }, 'cancelAccount', token, { sink });
    expect((await cancel(token, { agree: false, code, channel: 'email' })).code).toBe(Code.invalidParam);
    expect((await cancel(token, { agree: true, code, channel: 'sms' })).code).toBe(Code.codeInvalid);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await cancel(token, { agree: true, code: wrong, channel: 'email' })).code).toBe(Code.codeInvalid);
    const [still] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(still).toMatchObject({ email: DEMO_EMAIL, deletedAt: null });
    expect((await t.client.call(calls.session.userInfo, {}, { token })).code).toBe(Code.ok);
  });

  it('deletes the account: sessions end, personal data is gone, orders stay detached', async () => {
    const token = tokens[0]!;
    const ordersBefore = await t.db.select().from(orders).where(eq(orders.userId, userId));
    expect(ordersBefore.length).toBeGreaterThan(0);
    expect(await storedAvatars()).toHaveLength(1);
    const mailsBefore = sink.mails.length;

    const code = await sendCode(t, { email: DEMO_EMAIL }, 'cancelAccount', token, { sink });
    const res = await cancel(token, { agree: true, code, channel: 'email' });
    expect(res).toMatchObject({ code: Code.ok, data: {} });
    expect(res.cookies.find((c) => c.name === 'gstarsso_ticket')?.value).toBe('');

    for (const tk of tokens) {
      expect((await t.client.call(calls.session.userInfo, {}, { token: tk })).code).toBe(Code.sessionRevoked);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({
      name: '',
      nickName: '',
      email: null,
      mobile: null,
      passwordHash: null,
      favicon: null,
      location: null,
      company: null,
      position: null,
      isActivate: false,
    });
    expect(row!.deletedAt).not.toBeNull();

    // the farewell mail's outbox copy goes once SMTP accepted it (delivered by the job queue after the answer)
    const farewell = await sink.next(DEMO_EMAIL, mailsBefore + 1);
    expect(farewell.raw).toMatch(/^Subject: Your account was deleted$/m);
    await vi.waitFor(async () =>
      expect(await t.db.select().from(outbox).where(eq(outbox.recipient, DEMO_EMAIL))).toHaveLength(0),
    );

    const all = await everything();
    for (const personal of [DEMO_EMAIL, DEMO_MOBILE, 'Demo User', 'demo-sub', 'Demo G', '/avatars/']) {
      expect(all, personal).not.toContain(personal);
    }
    expect(await storedAvatars()).toHaveLength(0);
    // checked after the scan: a failed login counts against the address string (docs/protocol.md#throttling-and-rate-limits)
    expect((await login(DEMO_EMAIL)).code).toBe(Code.loginFailed);
    expect((await login(DEMO_MOBILE)).code).toBe(Code.loginFailed);

    const kept = await t.db.select().from(orders);
    expect(kept.length).toBeGreaterThanOrEqual(ordersBefore.length);
    for (const o of ordersBefore) {
      const after = kept.find((k) => k.orderNo === o.orderNo)!;
      expect(after.userId).toBeNull();
      expect(after.payAmount).toBe(o.payAmount);
      if (o.status === 0) expect(after.status).toBe(2);
    }
    expect(await t.db.select().from(redeemCodes).where(eq(redeemCodes.redeemedBy, userId))).toHaveLength(0);

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.userId, userId));
    expect(audit.map((a) => a.event)).toContain('account.deleted');
    expect(audit.every((a) => a.ip === null)).toBe(true);
  });

  it('lets the address register anew', async () => {
    const [fresh] = await t.db
      .insert(users)
      .values({
        name: 'again',
        nickName: 'Again',
        email: DEMO_EMAIL,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        isActivate: true,
      })
      .returning({ id: users.id });
    expect(fresh!.id).not.toBe(userId);
    expect((await login(DEMO_EMAIL)).data.userInfo.nickName).toBe('Again');
  });

  it('works with an SMS code to the own mobile', async () => {
    await t.db.insert(users).values({
      name: 'mobile-only',
      nickName: 'Mobile Only',
      mobile: '+8613912340000',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      isActivate: true,
    });
    const { utoken } = (await login('13912340000')).data;
    expect((await cancel(utoken, { agree: true, code: '123456', channel: 'email' })).code).toBe(Code.invalidParam);
    const code = await sendCode(t, { mobile: '13912340000' }, 'cancelAccount', utoken);
    expect((await cancel(utoken, { agree: true, code, channel: 'sms' })).code).toBe(Code.ok);
    expect((await login('13912340000')).code).toBe(Code.loginFailed);
  });
});
