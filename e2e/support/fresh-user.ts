/**
 * A new account for destructive specs (password change, deletion), made
 * through the public registration calls: overseas by email plus the mailed
 * activation link, China by mobile plus the SMS code.
 */
import { calls } from '@ac/client';
import { apiClient } from './api-client.ts';
import { codeSince, messageSince } from './mailbox.ts';
import { recordSecrets } from './secrets.ts';

export type FreshUser = { account: string; password: string; email: string | null; mobile: string | null };

let counter = 0;
const unique = () => `${Date.now().toString().slice(-7)}${process.pid % 100}${counter++}`;

export async function createFreshUser(origin: string, region: 'us' | 'cn'): Promise<FreshUser> {
  const api = apiClient(origin);
  const password = `Fresh-${unique()}-pw`;
  // with the passwords specs derive from it (`${password}-Sms!`…): the log check searches for its stem
  recordSecrets([{ kind: 'password', value: password }]);
  const since = new Date();
  if (region === 'us') {
    const email = `e2e-${unique()}@example.com`;
    const payload = { name: `E2E ${email}`, email, password, region: 'US', agree: true };
    await api.call(calls.registration.registerByEmail, payload);
    const mail = await messageSince(origin, email, since);
    const id = mail.body.match(/toactivate\/([\w-]+)/)?.[1];
    if (!id) throw new Error(`no activation link for ${email}`);
    await api.call(calls.registration.toActivate, { id });
    return { account: email, password, email, mobile: null };
  }
  const mobile = `139${unique().padStart(8, '0').slice(-8)}`;
  await api.call(calls.codes.sendSmsCode, { mobile, purpose: 'register' });
  const code = await codeSince(origin, mobile, since);
  await api.call(calls.registration.registerByMobile, { mobile, code, password, agree: true });
  return { account: mobile, password, email: null, mobile };
}

/** Gives a (China, mobile-only) fresh user an email, bound with the code mailed to it; returns the user with it. */
export async function withEmail(origin: string, user: FreshUser): Promise<FreshUser> {
  const api = apiClient(origin);
  const { utoken: token } = await api.login(user.account, user.password);
  const email = `e2e-${unique()}@example.com`;
  const since = new Date();
  await api.call(calls.codes.sendEmailCode, { email, purpose: 'bindEmail' }, { token });
  const emailCode = await codeSince(origin, email, since);
  await api.call(calls.profile.update, { nickName: `E2E ${user.account}`, email, emailCode }, { token });
  await api.call(calls.session.logout, {}, { token });
  return { ...user, email };
}
