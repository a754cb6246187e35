/** The operator console in journeys: a new staff account's first sign-in (docs/operations.md#bootstrap). */
import { expect, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { type FreshStaff, freshStaff } from './admin.ts';
import type { JourneyServer } from './servers.ts';

/** A new staff account of `role` signs in for the first time: password, authenticator app, recovery codes. */
export async function signInNewStaff(
  page: Page,
  server: JourneyServer,
  role: 'support' | 'finance' | 'sales' | 'admin',
): Promise<FreshStaff> {
  const staff = await freshStaff(server.adminEnv, role);
  await page.goto(`${server.origin}/admin/`);
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Show the QR code' }).click();
  const secret = (await page.getByTestId('enrol-key').innerText()).trim();
  await page.getByLabel('Code from the app').fill(generateSync({ secret, epoch: Math.floor(Date.now() / 1000) }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('button', { name: 'I saved them, continue' }).click();
  // the console's home: the dashboard
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  return staff;
}
