import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

/** The server of `npm run dev -w server` (PORT 8080), which the dev server proxies the API to. */
const API_TARGET = 'http://127.0.0.1:8080';
/** In dev the app runs under the overseas base path, like the real server serves it. */
const DEV_BASE = '/account/secure/';
const apiPrefixes = ['/global', '/user', '/order', '/company', '/dev', '/docs'];

export default defineConfig(({ command }) => ({
  // One build serves both regions: assets load relative to the <base href> the server injects.
  base: command === 'build' ? './' : DEV_BASE,
  plugins: [react(), precompress()],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1200 },
  server: {
    port: 5173,
    proxy: {
      [`${DEV_BASE}dict.json`]: API_TARGET,
      ...Object.fromEntries(apiPrefixes.map((prefix) => [prefix, API_TARGET])),
    },
  },
}));
