/** Storage sizes in bytes as "700 MB", "5 GB" in the current language. */
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

export function formatBytes(bytes: number, language = 'en'): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0 });
  return `${number.format(value)} ${UNITS[unit]}`;
}
