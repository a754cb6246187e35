/**
 * Starts the real server — the production build, `node server/dist/main.js`
 * (`npm run build` first), in demo mode — on a fresh data dir and waits
 * until it answers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Started = { url: string; origin: string; ms: number; stop(): Promise<void> };

export async function startServer(port: number, env: Record<string, string> = {}): Promise<Started> {
  const root = new URL('..', import.meta.url).pathname;
  if (!existsSync(join(root, 'server/dist/main.js'))) throw new Error('server/dist/main.js is missing: npm run build');
  const dataDir = mkdtempSync(join(tmpdir(), 'ac-bench-'));
  const t0 = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    // its own process group, so stop() ends the server and anything under it together
    detached: true,
  });
  const origin = `http://127.0.0.1:${port}`;
  const base = env.REGION === 'cn' ? '/secure' : '/account/secure';
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`${origin}${base}/login`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const ms = performance.now() - t0;
  return {
    url: `${origin}${base}`,
    origin,
    ms,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
