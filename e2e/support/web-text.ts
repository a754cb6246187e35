/**
 * The web app's text of a key in one language, read from its locale files
 * (web/src/i18n/locales/<lng>/<namespace>.json), so a spec checks a translated
 * page against the one source of its strings instead of a copy.
 */
import { readFileSync } from 'node:fs';

export function webText(language: string, namespace: string, key: string): string {
  const file = new URL(`../../web/src/i18n/locales/${language}/${namespace}.json`, import.meta.url);
  let value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value !== 'string') throw new Error(`no ${language} text for ${namespace}:${key}`);
  return value;
}
