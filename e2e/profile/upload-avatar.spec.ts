/**
 * The avatar: a 400×320 PNG is cropped square, scaled to 300×300 and
 * uploaded; the header shows the new image. Phone: the h5 edit flow.
 */

import { logInAs } from '../support/account.ts';
import { regionOf } from '../support/demo.ts';
import { createFreshUser } from '../support/fresh-user.ts';
import { solidPng } from '../support/png.ts';
import { expect, test } from '../support/test.ts';

const picture = { name: 'me.png', mimeType: 'image/png', buffer: solidPng(400, 320, [30, 120, 200]) };

test('crops and uploads an avatar; the header shows it', async ({ page, baseURL }) => {
  const user = await createFreshUser(new URL(baseURL!).origin, regionOf(baseURL));
  await logInAs(page, user.account, user.password, '/profile');
  await page.locator('input[type=file]').setInputFiles(picture);
  const crop = page.getByRole('dialog', { name: 'Crop the avatar' });
  await expect(crop).toBeVisible();
  await crop.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your avatar has been updated')).toBeVisible();
  const header = page.getByTestId('user-menu').locator('img');
  await expect(header).toHaveAttribute('src', /^https?:\/\/.+/);
  const size = await header.evaluate(async (img: HTMLImageElement) => {
    const probe = new Image();
    probe.src = img.src;
    await probe.decode();
    return [probe.naturalWidth, probe.naturalHeight];
  });
  expect(size).toEqual([300, 300]);
});

test('edits the nickname and uploads an avatar on the phone @h5', async ({ page, baseURL }) => {
  const user = await createFreshUser(new URL(baseURL!).origin, regionOf(baseURL));
  await logInAs(page, user.account, user.password, '/h5/profile');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Nickname' }).fill('Phone Nick');
  await page.getByRole('textbox', { name: 'Company' }).fill('Phone Co');
  await page.locator('input[type=file]').setInputFiles(picture);
  await expect(page.getByTestId('h5-avatar').locator('img')).toHaveAttribute('src', /^https?:\/\/.+/);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('h5-profile-nickname')).toHaveText('Phone Nick');
});
