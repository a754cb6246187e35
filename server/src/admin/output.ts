/** Plain-text tables and CSV for the admin command line. */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Code } from '@ac/protocol/codes';
import { CONTROL_CHARACTERS } from '@ac/protocol/common';
import { AppError } from '../lib/app-error.ts';

const EVERY_CONTROL_CHARACTER = new RegExp(CONTROL_CHARACTERS.source, 'gu');

/**
 * A value from the database as a terminal may print it: every control character (an escape
 * sequence, a tab or line break that would forge a column or a row, a bidirectional override)
 * written as `\u{…}`. Names from before the protocol refused them, and third-party profiles, can hold them.
 */
export function printable(value: string): string {
  return value.replace(EVERY_CONTROL_CHARACTER, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

/**
 * Everything the command line prints, as a terminal may show it: the control characters of
 * `printable`, but its own line breaks and tabs kept (the cells were made printable before).
 */
export function printableOutput(text: string): string {
  return text.replace(EVERY_CONTROL_CHARACTER, (c) => (c === '\n' || c === '\t' ? c : printable(c)));
}

export function table(header: string[], rows: (string | number | null | undefined)[][]): string {
  const cells = [header, ...rows.map((r) => r.map((c) => (c === null || c === undefined ? '' : printable(String(c)))))];
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
