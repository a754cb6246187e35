/**
 * Content-Security-Policy violations of a page (docs/protocol.md#security-rules): the
 * browser's `securitypolicyviolation` events, recorded from the first script
 * on, so a page that breaks the policy fails the spec that collects them.
 */
import type { Page } from '@playwright/test';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records every CSP violation of the page's documents from now on. */
export async function collectCspViolations(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations?.push(
        `CSP ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
}

/** The violations the current document reported so far. */
export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__cspViolations ?? []);
}
