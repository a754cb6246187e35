/**
 * Device sign-in (docs/protocol.md#device-sign-in): a CAD client starts it with
 * @ac/client's signInWithDevice; the user, who has two-step verification on,
 * opens /device with the code in the browser, signs in with the password and
 * an app code (the test computes it from the key, as an app does), comes back
 * to /device, sees the client and approves; the SDK's poll gets a session
 * that works.
 */
import { calls, createClient, signInWithDevice, type TDeviceSignInStartResponse } from '@ac/client';
import { expect, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { apiClient } from '../support/api-client.ts';
import { clientAddressHeaders } from '../support/client-address.ts';
import { regionOf } from '../support/demo.ts';
import { createFreshUser, type FreshUser } from '../support/fresh-user.ts';
import { recordSecrets } from '../support/secrets.ts';
import { test } from '../support/test.ts';

const appCode = (secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** A fresh account with an authenticator app on; its secret. */
async function userWithTwoFactor(origin: string, region: 'us' | 'cn') {
  const user = await createFreshUser(origin, region);
  const api = apiClient(origin);
  const { utoken: token } = await api.login(user.account, user.password);
  const { secret } = await api.call(calls.twoFactor.startTotp, { password: user.password }, { token });
  await api.call(calls.twoFactor.confirmTotp, { code: appCode(secret) }, { token });
  await api.call(calls.session.logout, {}, { token });
  return { user, secret };
}

/** A desktop CAD client of the SDK, calling from the test's client address. */
function cadClient(origin: string) {
  return createClient({
    baseUrl: origin,
    clientInfo: { clientType: 'df_windows', clientVersion: '3.2', language: 'en', deviceId: 'e2e-device-uuid' },
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      for (const [name, value] of Object.entries(clientAddressHeaders())) headers.set(name, value);
      return globalThis.fetch(input, { ...init, headers });
    },
  });
}

/** Starts the SDK's device sign-in; resolves `codes` once the client shows them, `session` once approved. */
function startDeviceSignIn(origin: string) {
  const client = cadClient(origin);
  let shown: (codes: TDeviceSignInStartResponse) => void = () => {};
  const codes = new Promise<TDeviceSignInStartResponse>((resolve) => {
    shown = resolve;
  });
  const controller = new AbortController();
  const session = signInWithDevice(client, { deviceName: 'E2E Drafting PC', onCode: shown, signal: controller.signal });
  session.catch(() => {});
  return { client, codes, session, stop: () => controller.abort() };
}

/** The login page the device page sent the visitor to: password, then the app's code. */
async function signInWithSecondStep(page: Page, user: FreshUser, secret: string) {
  await expect(page).toHaveURL(/\/login\?redirect=/, { timeout: 20_000 });
  await page.getByLabel('Account').fill(user.account);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Verification code').fill(appCode(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
}

async function approveOnDevicePage(page: Page, userCode: string) {
  await expect(page.getByLabel('Code')).toHaveValue(userCode);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('device-user-code')).toHaveText(userCode);
  await expect(page.getByTestId('device-client')).toHaveText('df_windows 3.2');
  await expect(page.getByTestId('device-name')).toHaveText('E2E Drafting PC');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('The device is signed in')).toBeVisible();
}

async function expectWorkingSession(origin: string, flow: ReturnType<typeof startDeviceSignIn>, user: FreshUser) {
  const login = await flow.session;
  recordSecrets([{ kind: 'token', value: login.utoken }]);
  const me = await flow.client.call(calls.session.userInfo, {}, { token: login.utoken });
  // the same account (a mobile comes back in E.164)
  const account = (me.userInfo.email ?? me.userInfo.mobile ?? '').replace(/^\+86/, '');
  expect(account).toBe(user.email ?? user.mobile);
  const sessions = await apiClient(origin).call(calls.session.listActive, {}, { token: login.utoken });
  expect(sessions.rows.find((s) => s.current)?.clientType).toBe('df_windows');
}

test('a CAD client signs in through /device, approved by a user with two-step verification', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const { user, secret } = await userWithTwoFactor(origin, regionOf(baseURL));
  // the client's own login is refused: it is told to use the device sign-in
  const direct = await cadClient(origin).send(calls.session.login, { account: user.account, password: user.password });
  expect(direct.code).toBe('1600003');

  const flow = startDeviceSignIn(origin);
  try {
    const { userCode, verificationUri, verificationUriComplete } = await flow.codes;
    expect(userCode).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    expect(verificationUri).toMatch(/\/device$/);
    await page.goto(`${verificationUriComplete.replace(/^.*\/device/, 'device')}&lang=en`);
    await signInWithSecondStep(page, user, secret);
    await expect(page).toHaveURL(/\/device\?code=/, { timeout: 20_000 });
    await approveOnDevicePage(page, userCode);
    await expectWorkingSession(origin, flow, user);
  } finally {
    flow.stop();
  }
});

test('a CAD client signs in through /h5/device on a phone @h5', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const { user, secret } = await userWithTwoFactor(origin, regionOf(baseURL));
  const flow = startDeviceSignIn(origin);
  try {
    const { userCode } = await flow.codes;
    await page.goto(`h5/device?code=${userCode}&lang=en`);
    await signInWithSecondStep(page, user, secret);
    await expect(page).toHaveURL(/\/h5\/device\?code=/, { timeout: 20_000 });
    await approveOnDevicePage(page, userCode);
    await expectWorkingSession(origin, flow, user);
  } finally {
    flow.stop();
  }
});
