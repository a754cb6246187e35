/** Logging in through the page as any account, and session calls for clean-up steps. */
import { expect, type Page } from '@playwright/test';
import { call, fetchKey } from './api-client.ts';

export async function logInAs(page: Page, account: string, password: string, next = '') {
  await page.goto(`login?lang=en${next ? `&redirect=${encodeURIComponent(next)}` : ''}`);
  await page.getByLabel('Account').fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(next ? new RegExp(`${next}$`) : /\/products$/);
}

/** Logs in through the API and returns the token (for restoring what a spec changed). */
export async function apiLogin(origin: string, account: string, password: string) {
  const key = await fetchKey(origin);
  const answer = await call<{ utoken: string }>(origin, key, '/user/v5/sysuser/login', { account, password });
  if (answer.code !== '0000000') throw new Error(`login ${account}: ${answer.code} ${answer.msg}`);
  return { key, token: answer.data.utoken };
}

/** An envelope call with a session; throws unless it succeeds. */
export async function callOk<T>(origin: string, key: string, token: string, path: string, payload: unknown) {
  const answer = await call<T>(origin, key, path, payload, token);
  if (answer.code !== '0000000') throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}
