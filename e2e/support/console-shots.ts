/**
 * The console's screenshots in docs/operations.md (docs/images/console/<name>.png): the window at
 * 1440×900 (not the whole page), saved as a palette PNG by sharp so each stays small.
 * Taken by `CONSOLE_SHOTS=1 npx playwright test console/every-route.spec.ts --project=desktop-cn`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import sharp from 'sharp';

const DIR = fileURLToPath(new URL('../../docs/images/console/', import.meta.url));

export async function saveConsoleShot(page: Page, name: string): Promise<void> {
  // no caret or hover state in a picture
  await page.mouse.move(0, 0);
  const raw = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  const small = await sharp(raw).png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 }).toBuffer();
  mkdirSync(DIR, { recursive: true });
  writeFileSync(`${DIR}${name}.png`, small);
}
