/**
 * Starts everything the specs talk to, side by side, as the one `webServer`
 * entry of playwright.config.ts (which starts its entries one after another):
 * the fakes (support/fakes.ts) and, once their PostgreSQL databases are made
 * fresh (support/databases.ts), the product servers (support/servers.ts).
 * When every one answers, it says so on SERVERS_READY_PORT
 * (support/ports.ts).
 *
 * A process that exits before it answers fails the start, naming it and its
 * log. When the run ends (Playwright sends SIGTERM to the process group,
 * `gracefulShutdown` in playwright.config.ts), or the start fails, the
 * servers are stopped and the journey databases dropped, whatever the specs'
 * outcome: a run leaves no database behind
 * (docs/decisions/0033-e2e-each-test-its-own-client.md).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { dropDatabases, freshDatabases } from './databases.ts';
import { fakes } from './fakes.ts';
import { SERVERS_READY_PORT } from './ports.ts';
import { everyServer, logged, servers } from './servers.ts';

const POLL_MS = 250;
/** How long the servers get to close before their databases are dropped under them. */
const CLOSE_MS = 10_000;
const DATABASES = Object.values(servers).map((s) => s.database);

type Started = { name: string; log: string; command: string; readyUrl: string };

let closing = false;

/** Whether `url` answers at all (a fake's 401 to a request without its key counts). */
async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.body?.cancel();
    return res.status < 500;
  } catch {
    return false;
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Stops every process of this group (the servers' pipelines with them), drops the databases, exits. */
async function shutDown(code: number) {
  if (closing) return;
  closing = true;
  try {
    process.kill(0, 'SIGTERM');
  } catch {
    // the group is gone already
  }
  const deadline = Date.now() + CLOSE_MS;
  for (const s of everyServer) {
    while (Date.now() < deadline && (await answers(s.origin))) await pause(POLL_MS);
  }
  try {
    await dropDatabases(DATABASES);
    console.error(`e2e databases dropped: ${DATABASES.join(', ')}`);
  } catch (e) {
    console.error(`e2e: could not drop the databases ${DATABASES.join(', ')}: ${(e as Error).message}`);
    process.exit(code || 1);
  }
  process.exit(code);
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void shutDown(0));

/** Starts `s` and resolves when it answers; its exit before that fails the whole start. */
function start(s: Started): Promise<void> {
  const child = spawn('bash', ['-c', s.command], { stdio: ['ignore', 'ignore', 'inherit'] });
  let ready = false;
  child.on('exit', (code, signal) => {
    if (ready || closing) return;
    console.error(`e2e: ${s.name} exited before it answered (${code ?? signal}); its log: ${s.log}`);
    void shutDown(typeof code === 'number' && code !== 0 ? code : 1);
  });
  return (async () => {
    while (!(await answers(s.readyUrl))) await pause(POLL_MS);
    ready = true;
  })();
}

const logOf = (name: string) => `e2e/.tmp/logs/${name}.log`;
const fakesUp = fakes.map((f) =>
  start({
    name: `the fake ${f.name}`,
    log: logOf(f.name),
    command: logged(f.name, `node --import tsx e2e/support/${f.script}`),
    readyUrl: f.readyUrl,
  }),
);
try {
  await freshDatabases(DATABASES);
} catch (e) {
  console.error(`e2e: could not make the databases ${DATABASES.join(', ')}: ${(e as Error).message}`);
  await shutDown(1);
}
const serversUp = everyServer.map((s) =>
  start({ name: `the server ${s.code}`, log: logOf(s.code), command: s.command, readyUrl: `${s.url}/dict.json` }),
);

await Promise.all([...fakesUp, ...serversUp]);
createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ready')).listen(
  SERVERS_READY_PORT,
  '127.0.0.1',
);
console.error(
  `e2e ready: the fakes ${fakes.map((f) => f.name).join(', ')}; the servers ${everyServer.map((s) => s.code).join(', ')}`,
);
