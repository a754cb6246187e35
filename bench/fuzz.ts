/**
 * The fuzz suite's long form (docs/reliability.md#fuzzing): the harness of
 * server/src/envelope/fuzz.test.ts with FUZZ_RUNS (default 10) rounds of
 * every kind of case instead of one, on the real app in this process for both
 * regions — PGlite by default, a fresh PostgreSQL database when
 * FUZZ_DATABASE_URL is set (dropped at the end). Every call of the contract,
 * logged out and in; malformed envelopes; getRsaKey, the avatar upload and
 * the gateway notifications. Prints the cases per call and category, the
 * codes seen and the time; goes on past a broken property and exits 1 at
 * the end if any broke, each printed with the seed (FUZZ_SEED, default
 * 1504) and the label (FUZZ_ONLY) to replay it.
 */
import { randomBytes } from 'node:crypto';
import { catalogue, isCode } from '@ac/protocol/codes';
import type { TRegion } from '@ac/protocol/enums';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../server/src/app/build-app.ts';
import { loadConfig } from '../server/src/config/config.ts';
import { type Database, openDatabase, PGLITE_EXTENSIONS } from '../server/src/db/client.ts';
import { seedEssentials } from '../server/src/seed/seed.ts';
import { callsOf, createFuzzer, FuzzStats, fuzzSettings } from '../server/test/fuzz/fuzzer.ts';

const settings = fuzzSettings(process.env, 10);
const pgUrl = process.env.FUZZ_DATABASE_URL;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function openBenchDatabase(): Promise<Database> {
  if (!pgUrl) {
    const database = await openDatabase({
      kind: 'pglite',
      client: await PGlite.create({ extensions: PGLITE_EXTENSIONS }),
    });
    await database.migrate();
    return database;
  }
  const name = `ac_fuzz_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

async function fuzzRegion(region: TRegion, stats: FuzzStats) {
  const config = loadConfig({
    NODE_ENV: 'test',
    REGION: region,
    PUBLIC_URL: 'http://127.0.0.1:8080',
    LOG_LEVEL: 'silent',
    JOBS_SCHEDULE: 'false',
  });
  const database = await openBenchDatabase();
  await seedEssentials(database.db, config);
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  try {
    const fuzzer = await createFuzzer({ app, db: database.db, config }, settings, stats);
    const calls = callsOf(region);
    const steps: (() => Promise<void>)[] = [
      () =>
        fuzzer.fuzzEnvelopes(
          calls.map((c) => c.path),
          settings.runs * 5,
        ),
    ];
    if (region === 'us') {
      steps.push(
        () => fuzzer.fuzzKeyRoute(settings.runs * 5),
        () => fuzzer.fuzzAvatar(settings.runs * 20),
        () => fuzzer.fuzzNotifications(settings.runs * 20),
      );
    }
    for (const call of calls) for (const loggedIn of [false, true]) steps.push(() => fuzzer.fuzzCall(call, loggedIn));
    // a broken property is reported and the run goes on, so one run lists every finding
    for (const step of steps) {
      try {
        await step();
      } catch (e) {
        failures.push(e as Error);
        console.error(`[${region}] ${String((e as Error).message)}`);
        if ((e as Error).cause) console.error(String((e as Error).cause));
      }
    }
  } finally {
    await app.close();
    await database.close();
  }
}

function table(title: string, rows: [string, number][]) {
  console.log(`\n${title}`);
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, n] of rows) console.log(`  ${k.padEnd(width)}  ${String(n).padStart(6)}`);
}

const stats = new FuzzStats();
const failures: Error[] = [];
const started = performance.now();
for (const region of ['us', 'cn'] as const) await fuzzRegion(region, stats);
const failed = failures.length > 0;
const seconds = (performance.now() - started) / 1000;

// per call (both sessions, every payload kind) and per category
const byGroup = new Map<string, number>();
for (const [label, n] of stats.cases) {
  const group = label.replace(/ \/ .*$/, '').replace(/ logged (in|out)$/, '');
  byGroup.set(group, (byGroup.get(group) ?? 0) + n);
}
const byKind = new Map<string, number>();
for (const [label, n] of stats.cases) {
  const kind = label.startsWith('/') ? `call: ${label.split(' / ')[1]}` : label;
  byKind.set(kind, (byKind.get(kind) ?? 0) + n);
}
table('cases per call / route', [...byGroup].sort());
table('cases per category', [...byKind].sort());
table(
  'codes seen',
  [...stats.codes].sort().map(([code, n]) => [isCode(code) ? `${code} ${catalogue[code].message}` : code, n]),
);
if (stats.undeclared.size) {
  table("answers with a code the call's contract entry does not list (not a failure)", [...stats.undeclared].sort());
}
console.log(
  `\nfuzz: ${stats.total} cases in ${seconds.toFixed(0)} s (${(stats.total / seconds).toFixed(0)}/s), ` +
    `FUZZ_SEED=${settings.seed} FUZZ_RUNS=${settings.runs}, ${pgUrl ? 'PostgreSQL' : 'PGlite'}: ${failed ? `${failures.length} properties FAILED` : 'every property held'}`,
);
process.exit(failed ? 1 : 0);
