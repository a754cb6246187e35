/**
 * Start time: the built `server/dist/main.js` on an empty DATA_DIR (create PGlite, migrate, seed
 * demo data) until the login page answers, then a demo login. Target: at most
 * 5 s on this machine (an empty directory starts from the saved PGlite template; the first
 * start on a machine runs initdb and saves it).
 */
import { calls } from '@ac/client';
import { apiClient } from '../e2e/support/api-client.ts';
import { startServer } from './start-server.ts';

const server = await startServer(8411);
try {
  const api = apiClient(server.origin);
  await api.key();
  const t0 = performance.now();
  await api.call(calls.session.login, { account: 'demo@example.com', password: 'Demo-2026-pass' });
  console.log(`start-time: login page after ${(server.ms / 1000).toFixed(1)} s on an empty database (target ≤ 5 s)`);
  console.log(`start-time: demo login took ${(performance.now() - t0).toFixed(0)} ms`);
} finally {
  await server.stop();
}
