/**
 * axe with the product's bar (docs/reliability.md#accessibility): WCAG 2.0
 * and 2.1, levels A and AA; a serious or critical violation fails. Each one
 * comes back as a line naming the rule, the elements and why.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** `within`: only that part of the page (a dialog: what lies under its mask belongs to the page behind). */
export async function blockingViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] });
  const result = await (within ? builder.include(within) : builder).analyze();
  return result.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary?.split('\n')[1]?.trim()})`).join(' | ')}`,
    );
}
