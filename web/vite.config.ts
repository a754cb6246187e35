import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
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
/** ...except those that bring big components few first views need (checkout and QR code, Result, Progress): they stay with their pages. */
const NOT_SHARED = /lib[\\/]checkout[\\/]|components[\\/](mail-sent-panel|new-password-fields|paged-table)\.tsx$/;
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
/** antd and the packages it is made of (not its icons, which the /h5 shell uses too). */
const ANTD = /node_modules[\\/](antd|@rc-component|@ant-design[\\/](?!icons)[\w-]+)[\\/]/;
/** The icons, and small helpers both antd and antd-mobile use. */
const ICONS = /node_modules[\\/](@ant-design[\\/]icons(-svg)?|@babel[\\/]runtime|clsx|classnames)[\\/]/;
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
            // the icons and small helpers, which the /h5 shell shares with the desktop
            { name: 'icons', test: ICONS, includeDependenciesRecursively: false, minShareCount: 2, priority: 3 },
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
            // the rest of antd that eight or more pages share (its core, forms, cards, menus): one chunk
            { name: 'ui', test: ANTD, minShareCount: 8, priority: 1 },
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
