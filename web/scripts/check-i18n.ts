/**
 * `npm run i18n:check -w web`: fails (exit 1, listing every problem) when a
 * locale file is missing, a key present in one language is missing in
 * another, a value is empty or not a string, interpolation variables differ
 * from English, a catalogue code has no `errors` key, an enum value has no
 * `enums` key, or the source uses a literal `<namespace>.<key>` that English
 * lacks.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogue } from '@ac/protocol/codes';
import { STAFF_ROLES } from '@ac/protocol/console/staff';
import {
  ACCOUNT_TYPES,
  DEVICE_STATUSES,
  GOODS_CODES,
  LANGUAGES,
  ORDER_STATUSES,
  ORDER_TYPES,
  PRODUCT_TYPES,
  REDEEM_SOURCES,
  REDEEM_STATES,
  SERVICE_TYPES,
} from '@ac/protocol/enums';
import { NAMESPACES } from '../src/i18n/namespaces.ts';
import { enumKey, goodsKey, orderStatusKey } from '../src/lib/enum-keys.ts';

const web = fileURLToPath(new URL('..', import.meta.url));
const localesDir = join(web, 'src/i18n/locales');
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

const variables = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

const tables = new Map<string, Table>();
for (const language of LANGUAGES) {
  for (const namespace of NAMESPACES) {
    const table = load(language, namespace);
    if (table) tables.set(`${language}/${namespace}`, table);
  }
}
for (const entry of existsSync(localesDir) ? readdirSync(localesDir) : []) {
  if (statSync(join(localesDir, entry)).isDirectory() && !(LANGUAGES as readonly string[]).includes(entry)) {
    problems.push(`unknown language folder: ${entry}`);
  }
}

for (const namespace of NAMESPACES) {
  const keys = new Set<string>();
  for (const language of LANGUAGES)
    for (const key of Object.keys(tables.get(`${language}/${namespace}`) ?? {})) keys.add(key);
  for (const key of keys) {
    if (key.endsWith('_one') && !keys.has(key.replace(/_one$/, '_other'))) {
      problems.push(`${namespace}: "${key}" has no "_other" form`);
    }
  }
  const english = tables.get(`${reference}/${namespace}`) ?? {};
  for (const language of LANGUAGES) {
    const table = tables.get(`${language}/${namespace}`);
    if (!table) continue;
    for (const key of keys) {
      if (!(key in table)) problems.push(`${language}/${namespace}: missing "${key}"`);
      else if (english[key] !== undefined && variables(table[key]!) !== variables(english[key]!)) {
        problems.push(
          `${language}/${namespace}: "${key}" uses {{${variables(table[key]!)}}}, English {{${variables(english[key]!)}}}`,
        );
      }
    }
  }
}

const english = (namespace: string) => tables.get(`${reference}/${namespace}`) ?? {};
for (const code of Object.keys(catalogue)) {
  if (!(code in english('errors'))) problems.push(`errors: catalogue code ${code} has no key`);
}
const enumKeys = [
  ...ACCOUNT_TYPES.map((v) => enumKey('accountType', v)),
  ...PRODUCT_TYPES.map((v) => enumKey('productType', v)),
  ...ORDER_TYPES.map((v) => enumKey('orderType', v)),
  ...SERVICE_TYPES.map((v) => enumKey('serviceType', v)),
  ...REDEEM_STATES.map((v) => enumKey('redeemState', v)),
  ...REDEEM_SOURCES.map((v) => enumKey('redeemSource', v)),
  ...DEVICE_STATUSES.map((v) => enumKey('deviceStatus', v)),
  ...ORDER_STATUSES.map(orderStatusKey),
  ...GOODS_CODES.map(goodsKey),
];
for (const key of enumKeys) {
  if (!(key.slice('enums.'.length) in english('enums'))) problems.push(`enums: no key "${key}"`);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}
const literal = new RegExp(`['"\`](${NAMESPACES.join('|')})\\.([A-Za-z0-9_]+)['"\`]`, 'g');
// the console has its own tables (checked below): its `orders.read`-like permissions are no member keys
const consoleSources = join(web, 'src/console');
for (const file of sourceFiles(join(web, 'src')).filter((f) => !f.startsWith(consoleSources))) {
  for (const [, namespace, key] of readFileSync(file, 'utf8').matchAll(literal)) {
    const table = english(namespace!);
    if (!(key! in table) && !(`${key}_other` in table)) {
      problems.push(`${relative(web, file)}: uses "${namespace}.${key}", missing in ${reference}/${namespace}.json`);
    }
  }
}

// the operator console: English and Simplified Chinese only, every other language falls back to
// English (docs/decisions/0038-operator-console.md)
const consoleDir = join(web, 'src/console/i18n');
const consoleTables = Object.fromEntries(
  (['en', 'zh-CN'] as const).map((language) => [
    language,
    JSON.parse(readFileSync(join(consoleDir, `${language}.json`), 'utf8')) as Table,
  ]),
) as Record<'en' | 'zh-CN', Table>;
const consoleKeys = new Set([...Object.keys(consoleTables.en), ...Object.keys(consoleTables['zh-CN'])]);
for (const key of consoleKeys) {
  for (const [language, table] of Object.entries(consoleTables)) {
    const value = table[key];
    if (typeof value !== 'string' || value.trim() === '') problems.push(`console ${language}: missing "${key}"`);
    else if (consoleTables.en[key] !== undefined && variables(value) !== variables(consoleTables.en[key]!)) {
      problems.push(
        `console ${language}: "${key}" uses {{${variables(value)}}}, English {{${variables(consoleTables.en[key]!)}}}`,
      );
    }
  }
}
for (const role of STAFF_ROLES) {
  if (!(`role_${role}` in consoleTables.en)) problems.push(`console: no key "role_${role}"`);
}
for (const file of sourceFiles(join(web, 'src/console'))) {
  for (const [, key] of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([A-Za-z0-9_]+)'/g)) {
    if (!(key! in consoleTables.en) && !(`${key}_other` in consoleTables.en)) {
      problems.push(`${relative(web, file)}: uses "${key}", missing in src/console/i18n/en.json`);
    }
  }
}

if (problems.length > 0) {
  console.error(`i18n check failed (${problems.length} problems):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`i18n check passed: ${LANGUAGES.length} languages × ${NAMESPACES.length} namespaces, keys complete.`);
