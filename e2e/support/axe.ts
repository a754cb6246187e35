/**
 * axe with the product's bar (docs/reliability.md#accessibility): WCAG 2.0
 * and 2.1, levels A and AA; a serious or critical violation fails. Each one
 * comes back as a line naming the rule, the elements and why.
 *
 * axe-core runs in the page itself (`axe.run`), injected once per document:
 * the SPA's routes share one document, so a sweep parses axe's 550 kB once
 * per page load instead of once per check. `@axe-core/playwright`'s
 * `analyze()` injected it anew on every call and finished every run in a new
 * blank page (made for cross-origin iframes, which the app has none of):
 * about 2.5 s per check on the loaded machine against about 0.5 s
 * (docs/reliability.md#the-suite-in-ci). Same rules, same tags, same results.
 */
import type { Page } from '@playwright/test';
import axe from 'axe-core';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/** axe's violations of `tags` on the page; `within`: only that part of it (a CSS selector). */
export async function axeViolations(page: Page, tags: string[], within?: string): Promise<axe.Result[]> {
  if (!(await page.evaluate(() => typeof window.axe?.run === 'function'))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ tags, within }) => {
      const result = await window.axe!.run(within ? { include: [within] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return result.violations;
    },
    { tags, within },
  );
}

/**
 * Every CSS transition and finite animation of the page finished: axe measures colours as they
 * rest, not halfway through a button's hover fade (which once read as low contrast on a busy
 * machine). Endless ones (spinners) are not waited for.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** `within`: only that part of the page (a dialog: what lies under its mask belongs to the page behind). */
export async function blockingViolations(page: Page, within?: string): Promise<string[]> {
  await settle(page);
  const violations = await axeViolations(page, WCAG_TAGS, within);
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary?.split('\n')[1]?.trim()})`).join(' | ')}`,
    );
}
