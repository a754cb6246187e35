import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Rolldown } from 'vite';
import { h5WithoutAntd } from './scripts/h5-without-antd.ts';
import { precompress } from './scripts/precompress.ts';

/** The server of `npm run dev -w server` (PORT 8080), which the dev server proxies the API to. */
const API_TARGET = 'http://127.0.0.1:8080';
/** In dev the app runs under the overseas base path, like the real server serves it. */
const DEV_BASE = '/account/secure/';
/**
 * The files of one language loaded together at start-up: startup namespaces, antd-mobile and dayjs
 * locales. antd's locale loads apart (only the desktop shells load antd), one chunk per language.
 */
const LANGUAGE_FILES = [
  /i18n[\\/]locales[\\/]([\w-]+)[\\/](?:common|errors|nav|enums)\.json$/,
  /antd-mobile[\\/]es[\\/]locales[\\/]([a-z]{2}-[A-Z]{2})\.js$/,
  /dayjs[\\/]locale[\\/]([\w-]+)\.js$/,
];
/** App modules many pages share, with the antd components they use. */
const SHARED = /web[\\/]src[\\/](lib|components|config)[\\/]|packages[\\/]|@tanstack/;
/**
 * ...except those that bring big components few first views need (checkout and QR code, Result,
 * Progress) or big data (the phone number metadata of the mobile formatter): they stay with their pages.
 */
const NOT_SHARED =
  /components[\\/]checkout[\\/]|components[\\/](antd-provider|mail-sent-panel|new-password-fields|paged-table)\.tsx$|protocol[\\/]src[\\/]mobile-display\.ts$/;
/** The locale antd-mobile imports itself as its default: it stays with the library. */
const DEFAULT_LOCALES = /antd-mobile[\\/]es[\\/]locales[\\/]zh-CN\.js$/;
/** `lang-<language>` for a file of LANGUAGE_FILES (zh-CN and zh-TW apart, the others by their first part), else null. */
function languageChunk(id: string): string | null {
  for (const pattern of LANGUAGE_FILES) {
    const locale = id.match(pattern)?.[1]?.toLowerCase().replace('_', '-');
    if (locale) return `lang-${locale.startsWith('zh') ? locale : locale.split('-')[0]}`;
  }
  return null;
}
/** antd and the packages it is made of, with its icons (not those of `icons`, which the /h5 shell uses too). */
const ANTD_PACKAGES = /node_modules[\\/](antd|@rc-component|@ant-design[\\/](?!icons)[\w-]+)[\\/]/;
const isAntd = (id: string) => ANTD_PACKAGES.test(id) || (ICON.test(id) && !isSharedIcon(id));
/**
 * antd components many pages of the main shell use but the site pages (login, registration,
 * password reset) do not: the shell's menus, the product centre's descriptions and progress, the
 * checkout's radio... They make `ui-main`, so the login page does not load them with `ui`. (Result
 * is in no group: the pages that show one load it.)
 */
const NOT_ON_SITE_PAGES =
  /node_modules[\\/](antd[\\/]es[\\/](menu|dropdown|progress|radio|descriptions|spin|checkbox|popover|avatar)|@rc-component[\\/](progress|checkbox))[\\/]/;
const RESULT = /node_modules[\\/]antd[\\/]es[\\/]result[\\/]/;
/** The icon renderer (not the icons), and small helpers both antd and antd-mobile use. */
const ICONS =
  /node_modules[\\/](@ant-design[\\/]icons[\\/]es[\\/](?!icons[\\/])|(@babel[\\/]runtime|clsx|classnames)[\\/])/;
/** One icon of @ant-design/icons (its component or its SVG definition): `[file, icon name]`. */
const ICON = /node_modules[\\/]@ant-design[\\/]icons(?:-svg)?[\\/]es[\\/](?:icons|asn)[\\/](\w+)\.js$/;
/**
 * The icons app modules without antd import (the /h5 shell, the language switcher, ErrorAlert):
 * they come with the renderer in `icons`, which the /h5 shell loads; antd's own icons and those
 * of desktop modules stay with antd.
 */
const SHARED_ICONS = iconsOfModulesWithoutAntd(fileURLToPath(new URL('./src', import.meta.url)));
function iconsOfModulesWithoutAntd(dir: string): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const path = join(dir, file);
    if (importsAntd(path)) continue;
    const imported = readFileSync(path, 'utf8').match(/import \{([^}]*)\} from '@ant-design\/icons'/)?.[1];
    for (const name of imported?.split(',') ?? []) if (name.trim()) names.add(name.trim());
  }
  return names;
}
const isSharedIcon = (id: string) => SHARED_ICONS.has(id.match(ICON)?.[1] ?? '');
/** antd-mobile's locales and the helpers they import: every page's language chunk loads them. */
const ANTD_MOBILE_LOCALES = /antd-mobile[\\/]es[\\/](locales[\\/]|utils[\\/]merge-locale\.js$)/;
/**
 * antd-mobile, and the modules only it imports (its dependencies, the helpers of theirs antd does
 * not use): what the /h5 pages share comes as one chunk, none of it reaches the desktop pages.
 */
function onlyForAntdMobile(id: string, ctx: Rolldown.ChunkingContext, seen = new Map<string, boolean>()): boolean {
  if (ANTD_MOBILE_LOCALES.test(id)) return false;
  if (/node_modules[\\/]antd-mobile[\\/]/.test(id)) return true;
  if (!id.includes('node_modules')) return false;
  const known = seen.get(id);
  if (known !== undefined) return known;
  seen.set(id, true); // a module in a cycle with itself counts by its other importers
  const info = ctx.getModuleInfo(id);
  const importers = [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])];
  const only = importers.length > 0 && importers.every((importer) => onlyForAntdMobile(importer, ctx, seen));
  seen.set(id, only);
  return only;
}
/**
 * antd's table with the select, tree and pagination it brings: only list pages need it (not their
 * locales and the one context antd's tooltip reads, which the rest of antd imports).
 */
const inTable = (id: string) => TABLE.test(id) && !/[\\/]locale[\\/]|TableMeasureRowContext/.test(id);
const TABLE =
  /node_modules[\\/](antd[\\/]es[\\/](table|pagination|select|tree)|@rc-component[\\/](table|select|tree|virtual-list|pagination))[\\/]/;
/** An app module that imports antd itself (it belongs with the desktop pages). */
function importsAntd(id: string): boolean {
  return /\.tsx?$/.test(id) && /from 'antd'/.test(readFileSync(id, 'utf8'));
}
const apiPrefixes = ['/global', '/user', '/order', '/company', '/dev', '/docs'];

export default defineConfig(({ command }) => ({
  // One build serves both regions: assets load relative to the <base href> the server injects.
  base: command === 'build' ? './' : DEV_BASE,
  plugins: [react(), h5WithoutAntd(), precompress()],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // zod schemas are values without side effects: one that is not used (the protocol's enums on
      // start-up) is dropped, and zod with it when nothing else needs it
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            // what every page runs before its route: React, the router, i18n, the API client (no antd, no zod)
            { name: 'app', tags: ['$initial'], priority: 4 },
            // one chunk per language: the startup namespaces and the antd-mobile and dayjs locales
            {
              name: languageChunk,
              test: (id) => languageChunk(id) !== null && !DEFAULT_LOCALES.test(id),
              includeDependenciesRecursively: false,
              priority: 3,
            },
            // antd-mobile's parts three or more /h5 chunks share (the shell, its pages, the language
            // sheet, the profile editor): its core, Toast, Button, their animation library... one
            // chunk instead of eight; what fewer share (the editor's Form, Input, Picker) stays apart
            {
              name: (id, ctx) => (onlyForAntdMobile(id, ctx) ? 'ui-mobile' : null),
              includeDependenciesRecursively: false,
              minShareCount: 3,
              priority: 4,
            },
            // the icon renderer, the icons of modules without antd and small helpers: what the /h5
            // shell shares with the desktop
            {
              name: (id, ctx) => ((ICONS.test(id) || isSharedIcon(id)) && !onlyForAntdMobile(id, ctx) ? 'icons' : null),
              includeDependenciesRecursively: false,
              minShareCount: 2,
              priority: 3,
            },
            // antd's table and what it brings, for the list pages only
            { name: 'ui-table', test: inTable, includeDependenciesRecursively: false, minShareCount: 2, priority: 3 },
            // app modules four or more pages share (API calls, session, formats, the contract, small
            // components): those without antd, which the /h5 pages share too...
            {
              name: 'shared',
              test: (id) => SHARED.test(id) && !NOT_SHARED.test(id) && !importsAntd(id),
              includeDependenciesRecursively: false,
              minShareCount: 4,
              priority: 2,
            },
            // ...and those built of antd components, which only desktop pages load
            {
              name: 'shared-desktop',
              test: (id) => SHARED.test(id) && !NOT_SHARED.test(id) && importsAntd(id),
              includeDependenciesRecursively: false,
              minShareCount: 4,
              priority: 2,
            },
            // the antd components of the main shell's pages that eight or more pages share...
            {
              name: 'ui-main',
              test: (id) => NOT_ON_SITE_PAGES.test(id),
              includeDependenciesRecursively: false,
              minShareCount: 8,
              priority: 2,
            },
            // ...and the rest of antd that eight or more pages share (its core, forms, cards): one chunk
            { name: 'ui', test: (id) => isAntd(id) && !RESULT.test(id), minShareCount: 8, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      [`${DEV_BASE}dict.json`]: API_TARGET,
      ...Object.fromEntries(apiPrefixes.map((prefix) => [prefix, API_TARGET])),
    },
  },
}));
