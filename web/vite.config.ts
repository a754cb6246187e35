import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

/** The server of `npm run dev -w server` (PORT 8080), which the dev server proxies the API to. */
const API_TARGET = 'http://127.0.0.1:8080';
/** In dev the app runs under the overseas base path, like the real server serves it. */
const DEV_BASE = '/account/secure/';
/** The files of one language loaded together at start-up: startup namespaces, antd, antd-mobile and dayjs locales. */
const LANGUAGE_FILES = [
  /i18n[\\/]locales[\\/]([\w-]+)[\\/](?:common|errors|nav|enums)\.json$/,
  /antd[\\/]es[\\/]locale[\\/]([a-z]{2}_[A-Z]{2})\.js$/,
  /antd-mobile[\\/]es[\\/]locales[\\/]([a-z]{2}-[A-Z]{2})\.js$/,
  /dayjs[\\/]locale[\\/]([\w-]+)\.js$/,
];
/** App modules many pages share, with the antd components they use. */
const SHARED = /web[\\/]src[\\/](lib|components|config)[\\/]|packages[\\/]|@tanstack/;
/** ...except those that bring big components few first views need (checkout and QR code, Result, Progress): they stay with their pages. */
const NOT_SHARED = /lib[\\/]checkout[\\/]|components[\\/](mail-sent-panel|new-password-fields)\.tsx$/;
/** The locales antd and antd-mobile import themselves as their default: they stay with the library. */
const DEFAULT_LOCALES = /antd[\\/]es[\\/]locale[\\/]en_US\.js$|antd-mobile[\\/]es[\\/]locales[\\/]zh-CN\.js$/;
/** `lang-<language>` for a file of LANGUAGE_FILES (zh-CN and zh-TW apart, the others by their first part), else null. */
function languageChunk(id: string): string | null {
  for (const pattern of LANGUAGE_FILES) {
    const locale = id.match(pattern)?.[1]?.toLowerCase().replace('_', '-');
    if (locale) return `lang-${locale.startsWith('zh') ? locale : locale.split('-')[0]}`;
  }
  return null;
}
const apiPrefixes = ['/global', '/user', '/order', '/company', '/dev', '/docs'];

export default defineConfig(({ command }) => ({
  // One build serves both regions: assets load relative to the <base href> the server injects.
  base: command === 'build' ? './' : DEV_BASE,
  plugins: [react(), precompress()],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // what every page runs before its route: React, the router, i18n, antd's core, the API client
            { name: 'app', tags: ['$initial'], priority: 4 },
            // one chunk per language: the startup namespaces and the antd, antd-mobile and dayjs locales
            {
              name: languageChunk,
              test: (id) => languageChunk(id) !== null && !DEFAULT_LOCALES.test(id),
              includeDependenciesRecursively: false,
              priority: 3,
            },
            // app modules four or more pages share (API calls, session, formats, the contract, small components)
            {
              name: 'shared',
              test: (id) => SHARED.test(id) && !NOT_SHARED.test(id),
              minShareCount: 4,
              priority: 2,
            },
            // antd components six or more pages share (forms, cards, tables): one chunk instead of dozens
            {
              name: 'ui',
              test: /node_modules[\\/](antd|@rc-component|@ant-design)[\\/]/,
              minShareCount: 6,
              priority: 1,
            },
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
