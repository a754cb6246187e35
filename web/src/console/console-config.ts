/** The console's base path, which the server writes into console.html (`<meta name="console-config">`). */
export type ConsoleAppConfig = { basePath: string };

export function readConsoleConfig(): ConsoleAppConfig {
  const content = document.querySelector('meta[name="console-config"]')?.getAttribute('content');
  if (!content) return { basePath: '/admin' };
  return JSON.parse(content) as ConsoleAppConfig;
}
export const consoleConfig = readConsoleConfig();
