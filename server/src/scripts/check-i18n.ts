/**
 * `npm run i18n:check -w server`: fails (exit 1, listing every problem) when
 * a language of LANGUAGES lacks a locale file English has, a file is not
 * JSON, a value is empty or not a string, a key of English is missing or a
 * key English lacks is present, or a text's `{{placeholders}}` differ from
 * English's. Keys are those of `src/i18n/locales/en/*.json`, the texts of
 * the mails and SMS (i18n/mail-texts.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@ac/protocol/enums';

const localesDir = fileURLToPath(new URL('../i18n/locales', import.meta.url));
const reference = 'en';
const problems: string[] = [];
type Table = Record<string, string>;

function load(language: string, namespace: string): Table | undefined {
  const file = join(localesDir, language, `${namespace}.json`);
  if (!existsSync(file)) {
    problems.push(`missing file: ${language}/${namespace}.json`);
    return undefined;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    problems.push(`invalid JSON: ${language}/${namespace}.json (${(e as Error).message})`);
    return undefined;
  }
  const table: Table = {};
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof value !== 'string') problems.push(`${language}/${namespace}: "${key}" is not a flat string`);
    else if (value.trim() === '') problems.push(`${language}/${namespace}: "${key}" is empty`);
    else table[key] = value;
  }
  return table;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

const namespaces = readdirSync(join(localesDir, reference))
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));
for (const entry of readdirSync(localesDir)) {
  if (statSync(join(localesDir, entry)).isDirectory() && !(LANGUAGES as readonly string[]).includes(entry)) {
    problems.push(`unknown language folder: ${entry}`);
  }
}

for (const namespace of namespaces) {
  const english = load(reference, namespace) ?? {};
  for (const language of LANGUAGES) {
    if (language === reference) continue;
    const table = load(language, namespace);
    if (!table) continue;
    for (const [key, text] of Object.entries(english)) {
      if (!(key in table)) problems.push(`${language}/${namespace}: missing "${key}"`);
      else if (placeholders(table[key]!) !== placeholders(text)) {
        problems.push(
          `${language}/${namespace}: "${key}" uses {{${placeholders(table[key]!)}}}, English {{${placeholders(text)}}}`,
        );
      }
    }
    for (const key of Object.keys(table)) {
      if (!(key in english)) problems.push(`${language}/${namespace}: "${key}" is not in English`);
    }
  }
}

if (problems.length > 0) {
  console.error(
    `server i18n check failed (${problems.length} problems):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(
  `server i18n check passed: ${LANGUAGES.length} languages × ${namespaces.length} namespaces, keys complete.`,
);
