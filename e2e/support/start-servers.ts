/**
 * Starts every product server of support/servers.ts at once and, when each
 * answers, says so on SERVERS_READY_URL (support/ports.ts): Playwright starts
 * its `webServer` entries one after another, and five servers each migrating
 * and seeding a fresh database one after another took minutes of every run.
 * A server that exits before it answers ends this process with its code, so
 * Playwright reports the start as failed. Playwright stops the whole process
 * group at the end of the run, the servers with it.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { SERVERS_READY_PORT } from './ports.ts';
import { servers } from './servers.ts';

const POLL_MS = 250;

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

const started = Object.values(servers).map((s) => {
  const child = spawn('bash', ['-c', s.command], { stdio: ['ignore', 'ignore', 'inherit'] });
  let ready = false;
  child.on('exit', (code, signal) => {
    if (ready) return;
    console.error(`e2e server ${s.code} exited before it answered (${code ?? signal})`);
    process.exit(typeof code === 'number' && code !== 0 ? code : 1);
  });
  return (async () => {
    while (!(await answers(`${s.url}/dict.json`))) await new Promise((r) => setTimeout(r, POLL_MS));
    ready = true;
  })();
});

await Promise.all(started);
createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ready')).listen(
  SERVERS_READY_PORT,
  '127.0.0.1',
);
console.error(
  `e2e servers ready: ${Object.values(servers)
    .map((s) => s.code)
    .join(', ')}`,
);
