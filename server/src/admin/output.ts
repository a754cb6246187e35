/** Plain-text tables and CSV for the admin command line. */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Code } from '@ac/protocol/codes';
import { AppError } from '../lib/app-error.ts';

export function table(header: string[], rows: (string | number | null | undefined)[][]): string {
  const cells = [header, ...rows.map((r) => r.map((c) => (c === null || c === undefined ? '' : String(c))))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  return cells
    .map((r) =>
      r
        .map((c, i) => (c ?? '').padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csv(header: string[], rows: (string | number | null)[][]): string {
  const lines = [header, ...rows].map((r) => r.map((c) => csvCell(c === null ? '' : String(c))).join(','));
  return `${lines.join('\n')}\n`;
}

/** Minor units as a decimal amount with its currency: 3999 USD → "39.99 USD". */
export function money(amount: number, currency: string): string {
  return `${(amount / 100).toFixed(2)} ${currency}`;
}

/**
 * A CSV answer: printed when there is no `--out`, else written to that new file (never over an existing
 * one, readable by the owner only) and answered as "`count` `what` written to <path>".
 */
export function csvAnswer(file: string, out: string | undefined, count: number, what: string): string {
  if (!out) return file.trimEnd();
  // `npm run admin` runs in the repository root, so a relative --out lands there; the answer names the full path.
  const path = resolve(out);
  try {
    writeFileSync(path, file, { flag: 'wx', mode: 0o600 });
  } catch (e) {
    throw new AppError(Code.invalidParam, `--out ${path}: ${(e as NodeJS.ErrnoException).code ?? 'not writable'}`);
  }
  return `${count} ${what} written to ${path}`;
}
