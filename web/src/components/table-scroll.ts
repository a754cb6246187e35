/**
 * A table's horizontal scroll, only when it has rows: an empty table's scroll
 * box holds nothing a keyboard can focus, so it could not be scrolled without
 * a mouse (axe's scrollable-region-focusable); with rows its links and
 * buttons take the focus and scroll it.
 */
export function scrollWhenRows(rows: readonly unknown[]): { x: 'max-content' } | undefined {
  return rows.length > 0 ? { x: 'max-content' } : undefined;
}
