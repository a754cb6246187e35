/**
 * The console's base path and the server's region (`cn`: the invoice pages), which the server
 * writes into console.html (`<meta name="console-config">`).
 */
export type ConsoleAppConfig = { basePath: string; region: 'us' | 'cn' };

export function readConsoleConfig(): ConsoleAppConfig {
  const content = document.querySelector('meta[name="console-config"]')?.getAttribute('content');
  if (!content) return { basePath: '/admin', region: 'us' };
  const parsed = JSON.parse(content) as Partial<ConsoleAppConfig>;
  return { basePath: parsed.basePath ?? '/admin', region: parsed.region === 'cn' ? 'cn' : 'us' };
}
export const consoleConfig = readConsoleConfig();
