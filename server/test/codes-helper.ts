/**
 * Sending verification codes from tests the way a client does: through the
 * envelope, solving the image captcha when the server asks for it (the test
 * app draws a fixed captcha), and reading the code from the outbox.
 */
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { normalizeMobile } from '@ac/protocol/common';
import type { TCodePurpose } from '@ac/protocol/enums';
import type { TKaptchaResponse, TKaptchaVerifyResponse } from '@ac/protocol/profile';
import { desc, eq, sql } from 'drizzle-orm';
import { outbox, verificationCodes } from '../src/db/schema/index.ts';
import type { CaptchaGenerator } from '../src/modules/codes/captcha.service.ts';
import type { SmtpSink } from './smtp-sink.ts';
import type { TestApp } from './test-app.ts';

export const FIXED_CAPTCHA_TEXT = 'abcde';
export const fixedCaptcha: CaptchaGenerator = () => ({ text: FIXED_CAPTCHA_TEXT, svg: '<svg/>' });

export type CodeTarget = { email: string } | { mobile: string };

/** A captcha ticket, from the fixed captcha the test app draws. */
export async function captchaTicket(t: TestApp): Promise<string> {
  const image = await t.client.call<TKaptchaResponse>(calls.codes.kaptcha, {});
  const solved = await t.client.call<TKaptchaVerifyResponse>(calls.codes.kaptchaVerify, {
    imageKey: image.data.imageKey,
    answer: FIXED_CAPTCHA_TEXT,
  });
  if (solved.code !== Code.ok) throw new Error(`captcha: ${solved.code} ${solved.msg}`);
  return solved.data.ticket;
}

/**
 * Sends a code to the target and returns it: from the latest outbox message there, or, for mail through
 * SMTP_URL (whose outbox copy is redacted once sent), from the SMTP sink the app delivers to.
 */
export async function sendCode(
  t: TestApp,
  to: CodeTarget,
  purpose: TCodePurpose,
  token?: string,
  options: { sink?: SmtpSink } = {},
): Promise<string> {
  // codes and messages are kept under the E.164 form of a mobile
  const target = 'email' in to ? to.email : (normalizeMobile(to.mobile) ?? to.mobile);
  const sunkBefore = options.sink?.mails.length ?? 0;
  // earlier codes to this target count as sent over a minute ago, so a resend is allowed
  await t.db
    .update(verificationCodes)
    .set({ createdAt: sql`${verificationCodes.createdAt} - interval '61 seconds'` })
    .where(eq(verificationCodes.target, target));
  const path = 'email' in to ? calls.codes.sendEmailCode : calls.codes.sendSmsCode;
  const before = await messageCount(t, target);
  let res = await t.client.call(path, { ...to, purpose }, { token });
  if (res.code === Code.captchaRequired) {
    res = await t.client.call(path, { ...to, purpose, ticket: await captchaTicket(t) }, { token });
  }
  if (res.code !== Code.ok) throw new Error(`send code: ${res.code} ${res.msg}`);
  if (options.sink && 'email' in to) {
    const sunk = (await options.sink.next(target, sunkBefore)).body.match(/\b(\d{6})\b/)?.[1];
    if (!sunk) throw new Error(`no code mailed to ${target}`);
    return sunk;
  }
  // codes of login, findPwd and register are delivered without waiting: wait for the new message
  for (let i = 0; i < 200 && (await messageCount(t, target)) <= before; i++) {
    await new Promise((r) => setTimeout(r, 10));
  }
  const [row] = await t.db
    .select({ body: outbox.body })
    .from(outbox)
    .where(eq(outbox.recipient, target))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const code = row?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${target}`);
  return code;
}

async function messageCount(t: TestApp, target: string): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(eq(outbox.recipient, target));
  return row?.n ?? 0;
}
