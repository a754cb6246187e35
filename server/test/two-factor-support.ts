/** Members with an authenticator app for the two-factor tests: codes are computed from the secret, as an app does. */
import { randomUUID } from 'node:crypto';
import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { secondFactors, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/hashing.ts';
import type { TestApp } from './test-app.ts';

export const MEMBER_PASSWORD = 'Quartz-Meadow-58';

export type TwoFactorMember = {
  userId: string;
  email: string;
  /** The member's own address, so the login locks of one test do not touch another's. */
  ip: string;
  token: string;
  secret: string;
  recoveryCodes: string[];
};

/** The code an authenticator app shows now (or `steps` of 30 s away). */
export const totpCode = (secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

let addresses = 0;
const nextIp = () => `10.77.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

/** An active member with a password, logged in (without two-factor yet). */
export async function memberWithPassword(t: TestApp) {
  const email = `tf-${randomUUID()}@example.com`;
  const [user] = await t.db
    .insert(users)
    .values({
      name: email.split('@')[0]!,
      nickName: 'Two Factor',
      email,
      isActivate: true,
      passwordHash: await hashPassword(MEMBER_PASSWORD),
    })
    .returning({ id: users.id });
  const ip = nextIp();
  const login = await t.client.from(ip).call(calls.session.login, { account: email, password: MEMBER_PASSWORD });
  if (login.code !== Code.ok || !('utoken' in login.data)) throw new Error(`login: ${login.code} ${login.msg}`);
  return { userId: user!.id, email, ip, token: login.data.utoken };
}

/** A member who turned two-factor on with an authenticator app. */
export async function memberWithTotp(t: TestApp): Promise<TwoFactorMember> {
  const m = await memberWithPassword(t);
  const client = t.client.from(m.ip);
  const start = await client.call(calls.twoFactor.startTotp, { password: MEMBER_PASSWORD }, { token: m.token });
  if (start.code !== Code.ok) throw new Error(`startTotp: ${start.code} ${start.msg}`);
  const confirm = await client.call(
    calls.twoFactor.confirmTotp,
    { code: totpCode(start.data.secret) },
    { token: m.token },
  );
  if (confirm.code !== Code.ok) throw new Error(`confirmTotp: ${confirm.code} ${confirm.msg}`);
  await forgetUsedStep(t, m.userId);
  return { ...m, secret: start.data.secret, recoveryCodes: confirm.data.recoveryCodes };
}

/**
 * Lets the current app code be used again (each 30-s step works once): the
 * tests use codes faster than the clock moves.
 */
export async function forgetUsedStep(t: TestApp, userId: string) {
  await t.db.update(secondFactors).set({ lastUsedStep: null }).where(eq(secondFactors.subjectId, userId));
}

/** A password login of the member from its own address: the second-step ticket it earns. */
export async function secondStepTicket(t: TestApp, m: { email: string; ip: string }) {
  const login = await t.client.from(m.ip).call(calls.session.login, { account: m.email, password: MEMBER_PASSWORD });
  if (login.code !== Code.ok || !('secondStep' in login.data)) throw new Error(`login: ${login.code} ${login.msg}`);
  return login.data.secondStep.ticket;
}
