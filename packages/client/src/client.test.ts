/**
 * The SDK against the real server (started as a process on an empty data
 * directory with the demo data): the CAD-client example, typed calls and
 * refusals; and the package as `npm pack` builds it.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, Code, calls, createClient } from './index.ts';

const clientDir = new URL('..', import.meta.url).pathname;
const repoDir = join(clientDir, '../..');
const tsx = join(repoDir, 'node_modules/tsx/dist/cli.mjs');

let server: ChildProcess;
let origin: string;
let dataDir: string;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ac-client-'));
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [tsx, 'server/src/main.ts'], {
    cwd: repoDir,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d) => {
    output += d;
  });
  server.stderr?.on('data', (d) => {
    output += d;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (!output.includes('ready at')) return;
      clearInterval(timer);
      resolve();
    }, 100);
    server.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}: ${output}`));
    });
  });
});

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('@ac/client against the server', () => {
  it('runs the example: logs in as the demo user and prints the product list', () => {
    const out = execFileSync(process.execPath, [tsx, 'packages/client/examples/list-products.ts'], {
      cwd: repoDir,
      env: { ...process.env, AC_URL: origin },
      encoding: 'utf8',
    });
    expect(out).toMatch(/^logged in as /);
    expect(out).toMatch(/^product \S+ .+ \d+ USD$/m);
  });

  it('answers typed data, refuses with the catalogue code, and fetches a new key when the kept one is refused', async () => {
    let kept: string | undefined = 'AAAAAAAAAAAAAAAA'; // a key the server never issued
    const keyStore = {
      get: () => kept,
      set(key: string) {
        kept = key;
      },
      clear() {
        kept = undefined;
      },
    };
    const client = createClient({
      baseUrl: origin,
      clientInfo: { clientType: 'User_PC', clientVersion: '1.0' },
      keyStore,
    });
    const login = await client.call(calls.session.login, { account: 'demo@example.com', password: 'Demo-2026-pass' });
    expect(kept).not.toBe('AAAAAAAAAAAAAAAA');
    if (!('utoken' in login)) throw new Error('the demo account has no second step');
    const info = await client.call(calls.session.userInfo, {}, { token: login.utoken });
    expect(info.userInfo.email).toBe('demo@example.com');

    const wrong = await client
      .call(calls.session.login, { account: 'demo@example.com', password: 'not-the-password' })
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(ApiError);
    expect(wrong).toMatchObject({ code: Code.loginFailed, status: 200 });
    expect(await client.send(calls.session.userInfo, {})).toMatchObject({ code: Code.sessionExpired, data: undefined });
  });

  it('rejects with 0000001 and status 0 when no answer comes', async () => {
    const client = createClient({
      baseUrl: 'http://127.0.0.1:9',
      clientInfo: { clientType: 'User_PC', clientVersion: '1.0' },
    });
    await expect(client.call(calls.nodes.list, {})).rejects.toMatchObject({ code: Code.requestFailed, status: 0 });
  });
});

describe('the packed package', () => {
  it('packs to a tarball whose bundle runs on its own and whose declarations type-check', async () => {
    const work = join(repoDir, '.tmp', `client-pack-${process.pid}`);
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    try {
      execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: clientDir, stdio: 'pipe' });
      const tarball = execFileSync('npm', ['pack', join(clientDir, 'dist'), '--pack-destination', work], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      })
        .trim()
        .split('\n')
        .at(-1) as string;
      execFileSync('tar', ['-xzf', join(work, tarball), '-C', work]);

      // the bundle alone, no node_modules next to it
      const bundle = await import(join(work, 'package/index.js'));
      const client = bundle.createClient({
        baseUrl: origin,
        clientInfo: { clientType: 'User_PC', clientVersion: '1.0' },
      });
      const catalogue = await client.call(bundle.calls.products.catalog, {});
      expect(catalogue.rows.length).toBeGreaterThan(0);

      // the declarations, as a consumer's TypeScript sees them (zod comes from the repository's node_modules)
      writeFileSync(
        join(work, 'consumer.ts'),
        [
          "import { calls, createClient } from './package/index.js';",
          "const client = createClient({ clientInfo: { clientType: 'User_PC', clientVersion: '1.0' } });",
          'async function main() {',
          "  const answer = await client.call(calls.session.login, { account: 'a', password: 'b' });",
          '  // a session, the ticket of the second step (two-step verification on) or of the enrolment a company requires',
          "  const n: string = 'utoken' in answer ? answer.utoken : 'secondStep' in answer ? answer.secondStep.ticket : answer.enrolTwoFactor.ticket;",
          '  // @ts-expect-error a login answer has no rows',
          '  (await client.call(calls.session.login, { account: n, password: n })).rows;',
          '}',
          'void main;',
        ].join('\n'),
      );
      execFileSync(
        process.execPath,
        [
          join(repoDir, 'node_modules/typescript/bin/tsc'),
          '--noEmit',
          '--strict',
          '--module',
          'nodenext',
          '--moduleResolution',
          'nodenext',
          '--target',
          'es2022',
          '--lib',
          'es2023,dom',
          '--types',
          'node',
          join(work, 'consumer.ts'),
        ],
        { cwd: work, encoding: 'utf8' },
      );
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
