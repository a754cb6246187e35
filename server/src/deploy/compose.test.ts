/**
 * The deployment files, checked without Docker: compose.yaml runs the app
 * with PostgreSQL and Redis and gives it every variable production needs
 * (its environment loads as a production configuration), and the
 * Dockerfile's stages copy files that exist or that the build produces.
 */
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { httpPaths } from '@ac/protocol/http-paths';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configVariables, loadConfig } from '../config/config.ts';

const repo = new URL('../../..', import.meta.url).pathname;
const read = (path: string) => readFileSync(join(repo, path), 'utf8');

type Service = {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
};
const compose = parse(read('compose.yaml')) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const app = compose.services.app as Service;
const appEnv = app.environment ?? {};

/** What an operator gives for each `${NAME:?…}`, as in the comment of compose.yaml. */
const operatorValues: Record<string, string> = {
  PUBLIC_URL: 'https://accounts.example.com',
  POSTGRES_PASSWORD: 'a-database-password',
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
  PAYMENT_PROVIDERS: 'alipay',
  SMS_PROVIDER: 'twilio',
  METRICS_TOKEN: 'a-metrics-token-of-32-characters',
  FIELD_ENCRYPTION_KEY: 'CQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQk=',
};

/** Compose's interpolation: `${X:?msg}` takes the operator's value, `${X:-default}` the default. */
function interpolate(value: string): string {
  return value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_m, name: string, kind?: string, rest?: string) => {
    if (kind === '?') {
      const given = operatorValues[name];
      if (given === undefined) throw new Error(`compose.yaml requires ${name}: give it a value in operatorValues`);
      return given;
    }
    return rest ?? '';
  });
}

/** The keys the operator puts in app.env for the listed gateway. */
function gatewayKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    ALIPAY_APP_ID: '2021000000000000',
    ALIPAY_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    ALIPAY_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
    TWILIO_AUTH_TOKEN: 'a-twilio-auth-token-0123456789',
    TWILIO_FROM: '+15005550006',
    // the seller on receipts (REGION=us), also from app.env
    RECEIPT_SELLER_NAME: 'Example Software Ltd',
    RECEIPT_SELLER_ADDRESS: '1 Example Street; London EC1A 1AA; United Kingdom',
  };
}

describe('compose.yaml', () => {
  it('runs the app on PostgreSQL 15 and Redis 7, each with a health check', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'postgres', 'redis']);
    expect(app.build).toBe('.');
    expect(compose.services.postgres?.image).toBe('postgres:15');
    expect(compose.services.redis?.image).toBe('redis:7');
    for (const service of Object.values(compose.services)) expect(service.healthcheck?.test.length).toBeGreaterThan(0);
    expect(app.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
    expect(app.healthcheck?.test.join(' ')).toContain(httpPaths.readyz);
  });

  it('keeps PostgreSQL data in a named volume', () => {
    expect(Object.keys(compose.volumes)).toContain('pgdata');
    expect(compose.services.postgres?.volumes).toContain('pgdata:/var/lib/postgresql/data');
  });

  it('sets only variables the server reads', () => {
    const unknown = Object.keys(appEnv).filter((name) => !configVariables.includes(name));
    expect(unknown).toEqual([]);
  });

  it('gives the app everything production needs, the secrets from the operator', () => {
    for (const name of [
      'PUBLIC_URL',
      'SMTP_URL',
      'METRICS_TOKEN',
      'PAYMENT_PROVIDERS',
      'SMS_PROVIDER',
      'FIELD_ENCRYPTION_KEY',
    ]) {
      expect(appEnv[name], name).toMatch(new RegExp(`^\\$\\{${name}:\\?`));
    }
    expect(appEnv.DATABASE_URL).toContain('${POSTGRES_PASSWORD:?');
    const env = Object.fromEntries(Object.entries(appEnv).map(([k, v]) => [k, interpolate(String(v))]));
    const config = loadConfig({ ...env, ...gatewayKeys() });
    expect(config.production).toBe(true);
    expect(config.seedDemo).toBe(false);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('https://accounts.example.com');
    expect(new URL(config.databaseUrl as string).host).toBe('postgres:5432');
    expect(new URL(config.redisUrl as string).host).toBe('redis:6379');
    expect(config.smtpUrl).toBeDefined();
    expect(config.metricsToken).toBeDefined();
    expect(config.database).toEqual({ poolSize: 10, statementTimeoutMs: 15_000, ssl: 'off' });
    // the database the app connects to is the one PostgreSQL creates
    const pgEnv = compose.services.postgres?.environment ?? {};
    const url = new URL(config.databaseUrl as string);
    expect(url.username).toBe(pgEnv.POSTGRES_USER);
    expect(url.pathname).toBe(`/${pgEnv.POSTGRES_DB}`);
    expect(interpolate(String(pgEnv.POSTGRES_PASSWORD))).toBe(url.password);
  });
});

/** The Dockerfile's instructions, continuation lines joined, comments dropped. */
function instructions(text: string) {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [op = '', ...rest] = line.split(/\s+/);
      return { op: op.toUpperCase(), args: rest.join(' ') };
    });
}

type Stage = { name: string; from: string; lines: { op: string; args: string }[] };
function stages(text: string): Stage[] {
  const out: Stage[] = [];
  for (const line of instructions(text)) {
    if (line.op === 'FROM') {
      const [from = '', , name = `${out.length}`] = line.args.split(/\s+/);
      out.push({ name, from, lines: [] });
    } else out.at(-1)?.lines.push(line);
  }
  return out;
}

describe('Dockerfile', () => {
  const all = stages(read('Dockerfile'));
  const [build, runtime] = all as [Stage, Stage];
  const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;

  it('builds in one node:20-bookworm-slim stage and runs in another', () => {
    expect(all.map((s) => [s.name, s.from])).toEqual([
      ['build', 'node:20-bookworm-slim'],
      ['runtime', 'node:20-bookworm-slim'],
    ]);
    expect(build.lines).toContainEqual({ op: 'RUN', args: 'npm ci' });
    expect(build.lines).toContainEqual({ op: 'RUN', args: 'npm run build' });
    expect(runtime.lines.some((l) => l.op === 'RUN' && l.args.startsWith('npm ci --omit=dev -w server'))).toBe(true);
  });

  it('copies from the build context only files that exist, every workspace manifest for npm ci', () => {
    for (const stage of all) {
      const sources = stage.lines
        .filter((l) => l.op === 'COPY' && !l.args.startsWith('--from'))
        .flatMap((l) => l.args.split(/\s+/).slice(0, -1));
      for (const source of sources) expect(existsSync(join(repo, source)), source).toBe(true);
      for (const w of workspaces) expect(sources, `${stage.name}: ${w}`).toContain(`${w}/package.json`);
    }
  });

  it('copies from the build stage what the build produces', () => {
    const copied = runtime.lines
      .filter((l) => l.op === 'COPY' && l.args.startsWith('--from='))
      .map((l) => {
        const [from = '', source = ''] = l.args.split(/\s+/);
        return { stage: from.slice('--from='.length), source: source.replace(/^\/app\//, '') };
      });
    expect(copied.every((c) => c.stage === 'build')).toBe(true);
    expect(copied.map((c) => c.source).sort()).toEqual([
      'server/dist',
      'server/drizzle',
      'web/dist',
      'web/dist-console',
    ]);
    // server/drizzle is in the repository; the dist folders come from `npm run build` (dist.test.ts runs it)
    expect(existsSync(join(repo, 'server/drizzle/meta/_journal.json'))).toBe(true);
    const scripts = (path: string) => (JSON.parse(read(path)) as { scripts: Record<string, string> }).scripts;
    expect(scripts('package.json').build).toBe('npm run build -w web && npm run build -w server');
    expect(scripts('server/package.json').build).toBe('node scripts/build.mjs');
    expect(read('server/scripts/build.mjs')).toMatch(
      /outdir: dist[\s\S]*main: 'src\/main\.ts'|main: 'src\/main\.ts'[\s\S]*outdir: dist/,
    );
    expect(scripts('web/package.json').build).toMatch(/^vite build/);
    expect(read('web/vite.config.ts')).toContain("outDir: 'dist'");
  });

  it('runs as a non-root user in production, checked on /healthz', () => {
    const env = runtime.lines.filter((l) => l.op === 'ENV').map((l) => l.args);
    expect(env.join(' ')).toMatch(/\bNODE_ENV=production\b/);
    const user = runtime.lines.filter((l) => l.op === 'USER').at(-1);
    expect(user?.args).toBe('node');
    const health = runtime.lines.find((l) => l.op === 'HEALTHCHECK');
    expect(health?.args).toContain(httpPaths.healthz);
    const cmd = runtime.lines.filter((l) => l.op === 'CMD').at(-1);
    expect(JSON.parse(cmd?.args ?? 'null')).toEqual(['node', 'server/dist/main.js']);
  });

  it('leaves dependencies, builds, data and env files out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '**/data', '.env*', '.git']) expect(ignored).toContain(entry);
  });
});
