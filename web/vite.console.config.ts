/**
 * The operator console's build (docs/decisions/0038-operator-console.md): a second app of the
 * web workspace with its own entry (console.html → src/console/), built into dist-console/ and
 * served by the same server under ADMIN_BASE_PATH. Apart from the member app's build so that
 * none of the console reaches the members' chunks.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

const API_TARGET = 'http://127.0.0.1:8080';

export default defineConfig(({ command }) => ({
  // assets load relative to the <base href> the server injects (the console's base path)
  base: command === 'build' ? './' : '/admin/',
  plugins: [react(), precompress()],
  resolve: { alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }] },
  build: {
    outDir: 'dist-console',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: { input: fileURLToPath(new URL('./console.html', import.meta.url)) },
  },
  server: { port: 5174, proxy: { '/admin/api': API_TARGET } },
}));
