/**
 * The operator console's user search on PostgreSQL with a million accounts (issue 25's target:
 * p99 ≤ 100 ms; docs/performance.md#console-search). A fresh database on the server of
 * BENCH_DATABASE_URL or TEST_DATABASE_URL (skipped without), migrated, a million accounts made with
 * generate_series and analysed, then the console's search service (server/src/modules/console,
 * the same one its call runs) asked 100 times for each kind of search support types in: an exact
 * email, a mobile in another spelling, an account id, a part of a nickname, a part of an email, a
 * part of a company. Prints p50, p99 and the slowest for each kind, and all together.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { stderrLog } from '../server/src/admin/admin-context.ts';
import { createServices } from '../server/src/app/services.ts';
import { loadConfig } from '../server/src/config/config.ts';
import { openDatabase } from '../server/src/db/client.ts';

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) {
  console.log('console-search: skipped, it needs BENCH_DATABASE_URL or TEST_DATABASE_URL (postgres://…)');
  process.exit(0);
}
const USERS = Number(process.env.SEARCH_USERS ?? 1_000_000);
const RUNS = 100;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

const name = `ac_bench_search_${randomBytes(4).toString('hex')}`;
await admin(`create database ${name}`);
const dbUrl = new URL(url);
dbUrl.pathname = `/${name}`;
const database = await openDatabase({ kind: 'postgres', url: dbUrl.toString(), statementTimeoutMs: 0 });
try {
  await database.migrate();
  const started = performance.now();
  // names and companies from a small vocabulary, as people's are; emails and mobiles unique
  await database.db.execute(
    `
    insert into users (name, nick_name, email, mobile, company, is_activate, register_date)
    select 'User ' || (array['Li','Wang','Zhang','Smith','Müller','García','Kim','Rossi','Nagy','Dubois'])[1 + i % 10] || ' ' || i,
           (array['drafter','archi','cadfan','engineer','planner','modeler','surveyor','designer'])[1 + i % 8] || substr(md5(i::text), 1, 6),
           'u' || i || '@' || (array['example.com','mail.example','corp.example','studio.example'])[1 + i % 4],
           '+86139' || lpad(i::text, 8, '0'),
           case when i % 3 = 0 then (array['Gstar Design','Beijing Build','Acme CAD','Shanghai Survey','Nordic Plans'])[1 + i % 5] || ' ' || (i % 1000) end,
           true, now() - i * interval '1 second'
    from generate_series(1, ${USERS}) i` as never,
  );
  await database.db.execute('vacuum analyze users' as never);
  console.log(
    `console-search: ${USERS.toLocaleString('en')} accounts made in ${Math.round((performance.now() - started) / 1000)} s`,
  );

  const config = loadConfig({
    NODE_ENV: 'test',
    REGION: 'cn',
    PUBLIC_URL: 'http://127.0.0.1:8080',
    LOG_LEVEL: 'silent',
    JOBS_SCHEDULE: 'false',
  });
  const services = createServices({ config, db: database.db, log: stderrLog });
  const pick = () => 1 + Math.floor(Math.random() * USERS);
  const ids = (await database.db.execute(
    `select id from users order by random() limit ${RUNS}` as never,
  )) as unknown as {
    rows: { id: string }[];
  };
  const kinds: Record<string, () => string> = {
    'exact email': () => `u${pick()}@corp.example`,
    'mobile, another spelling': () =>
      `139 ${String(pick())
        .padStart(8, '0')
        .replace(/(\d{4})(\d{4})/, '$1 $2')}`,
    'account id': () => ids.rows[Math.floor(Math.random() * ids.rows.length)]!.id,
    'part of a nickname': () => `${['archi', 'cadfan', 'drafter'][pick() % 3]}${randomBytes(2).toString('hex')}`,
    'part of an email': () => `u${pick()}@`,
    'part of a company': () => `Acme CAD ${pick() % 1000}`,
  };
  const all: number[] = [];
  const p = (xs: number[], q: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)]!;
  console.log('| search | p50 ms | p99 ms | slowest ms |\n|---|---|---|---|');
  for (const [kind, query] of Object.entries(kinds)) {
    const times: number[] = [];
    await services.userSupport.search(query(), { pageNo: 1, pageSize: 20 }); // warm
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await services.userSupport.search(query(), { pageNo: 1, pageSize: 20 });
      times.push(performance.now() - t0);
    }
    all.push(...times);
    console.log(
      `| ${kind} | ${p(times, 0.5).toFixed(1)} | ${p(times, 0.99).toFixed(1)} | ${Math.max(...times).toFixed(1)} |`,
    );
  }
  console.log(
    `| all ${all.length} | ${p(all, 0.5).toFixed(1)} | ${p(all, 0.99).toFixed(1)} | ${Math.max(...all).toFixed(1)} |`,
  );
  await services.close();
} finally {
  await database.close();
  await admin(`drop database if exists ${name} with (force)`);
}
