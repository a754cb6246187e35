/**
 * A new account for destructive specs (password change, deletion), made
 * through the public registration calls: overseas by email plus the mailed
 * activation link, China by mobile plus the SMS code.
 */
import { call, fetchKey } from './api-client.ts';
import { codeSince, messageSince } from './mailbox.ts';

export type FreshUser = { account: string; password: string; email: string | null; mobile: string | null };

let counter = 0;
const unique = () => `${Date.now().toString().slice(-7)}${process.pid % 100}${counter++}`;

async function expectOk(answer: { code: string; msg: string }, what: string) {
  if (answer.code !== '0000000') throw new Error(`${what}: ${answer.code} ${answer.msg}`);
}

export async function createFreshUser(origin: string, region: 'us' | 'cn'): Promise<FreshUser> {
  const key = await fetchKey(origin);
  const password = `Fresh-${unique()}-pw`;
  const since = new Date();
  if (region === 'us') {
    const email = `e2e-${unique()}@example.com`;
    const payload = { name: `E2E ${email}`, email, password, region: 'US', agree: true };
    await expectOk(await call(origin, key, '/user/v5/profile/register', payload), 'register');
    const mail = await messageSince(origin, email, since);
    const id = mail.body.match(/toactivate\/([\w-]+)/)?.[1];
    if (!id) throw new Error(`no activation link for ${email}`);
    await expectOk(await call(origin, key, '/user/v5/profile/toactivate', { id }), 'activate');
    return { account: email, password, email, mobile: null };
  }
  const mobile = `139${unique().padStart(8, '0').slice(-8)}`;
  await expectOk(
    await call(origin, key, '/user/v5/profile/sendSmsCode', { mobile, purpose: 'register' }),
    'register code',
  );
  const code = await codeSince(origin, mobile, since);
  await expectOk(
    await call(origin, key, '/user/v5/profile/register', { mobile, code, password, agree: true }),
    'register',
  );
  return { account: mobile, password, email: null, mobile };
}

/** Gives a (China, mobile-only) fresh user an email, bound with the code mailed to it; returns the user with it. */
export async function withEmail(origin: string, user: FreshUser): Promise<FreshUser> {
  const key = await fetchKey(origin);
  const login = await call<{ utoken: string }>(origin, key, '/user/v5/sysuser/login', {
    account: user.account,
    password: user.password,
  });
  await expectOk(login, 'login');
  const token = login.data.utoken;
  const email = `e2e-${unique()}@example.com`;
  const since = new Date();
  await expectOk(
    await call(origin, key, '/user/v5/profile/sendEmailCode', { email, purpose: 'bindEmail' }, token),
    'bind code',
  );
  const emailCode = await codeSince(origin, email, since);
  await expectOk(
    await call(origin, key, '/user/v5/sysuser/profile', { nickName: `E2E ${user.account}`, email, emailCode }, token),
    'bind email',
  );
  await expectOk(await call(origin, key, '/user/v5/sysuser/logout', {}, token), 'logout');
  return { ...user, email };
}
