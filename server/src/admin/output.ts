/** Plain-text tables and CSV for the admin command line. */

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
