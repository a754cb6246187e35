/** What a journey checks of a page's layout. */
import { expect, type Page } from '@playwright/test';

/** The page does not scroll sideways: its document is no wider than the window. */
export async function expectNoSideScroll(page: Page) {
  const width = page.viewportSize()!.width;
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: 'document scroll width' })
    .toBeLessThanOrEqual(width);
}

/** An antd table within `root` shows all its columns: its scroll container is not wider than its box. */
export async function expectTableFits(page: Page, testId: string) {
  const content = page.getByTestId(testId).locator('.ant-table-content, .ant-table-body').first();
  await expect
    .poll(() => content.evaluate((el) => el.scrollWidth - el.clientWidth), { message: `${testId} overflow` })
    .toBeLessThanOrEqual(0);
}
