#!/usr/bin/env node
/**
 * `npm test`: the stages of the README's test line, in order — lint, unit
 * (vitest: protocol, client, server on PGlite and PostgreSQL, web), build,
 * e2e (Playwright on the built server) — stopping at the first that fails
 * with its exit code, then a table of how long each took.
 *
 * With STAGE_TIMINGS_FILE set (.ci/run sets it), each stage's line is
 * appended to that file instead and the caller prints the whole table, its
 * own install steps included (`node scripts/test-all.mjs --report <file>`).
 *
 * Without TEST_DATABASE_URL the server suite runs on PGlite only, which runs
 * one transaction at a time: the concurrency tests (races of redeem, payment,
 * cancel, refunds) then prove nothing. That is said loudly before the unit
 * stage and after the table, and the unit stage's row says it was skipped.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

const stages = [
  ['lint', 'npm run lint'],
  ['unit', 'npm run test:unit'],
  ['build', 'npm run build'],
  ['e2e', 'npm run test:e2e'],
];

const seconds = (ms) => ms / 1000;
const clock = (s) => {
  const whole = Math.round(s);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** Lines of `name<TAB>seconds<TAB>result`, as a table with a total. */
function table(rows) {
  const width = Math.max(5, ...rows.map(([name]) => name.length));
  const total = rows.reduce((sum, [, s]) => sum + s, 0);
  const line = (name, s, result) => `  ${name.padEnd(width)}  ${clock(s).padStart(6)}  ${result}`;
  return [
    '',
    '== stage durations (m:ss)',
    ...rows.map(([name, s, result]) => line(name, s, result)),
    line('total', total, ''),
  ].join('\n');
}

function readRows(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const [name, s, result] = l.split('\t');
      return [name, Number(s), result];
    });
}

if (process.argv[2] === '--report') {
  console.log(table(readRows(process.argv[3])));
  process.exit(0);
}

const PG_SKIPPED = !process.env.TEST_DATABASE_URL;
const PG_SKIPPED_NOTE = 'server-pg SKIPPED (no TEST_DATABASE_URL)';
function pgSkippedBanner() {
  const bar = '!'.repeat(78);
  console.log(
    [
      '',
      bar,
      '!!  TEST_DATABASE_URL is not set: the server suite runs on PGlite ONLY.',
      '!!  The PostgreSQL project (server-pg) is SKIPPED, and with it the only runs',
      '!!  of the concurrency tests that prove anything (PGlite runs one transaction',
      '!!  at a time). CI (.ci/run) sets it; locally:',
      '!!    TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test',
      bar,
      '',
    ].join('\n'),
  );
}

const file = process.env.STAGE_TIMINGS_FILE;
const rows = [];
let failed = 0;
for (const [name, command] of stages) {
  console.log(`\n== ${name}: ${command}`);
  const pgSkipped = name === 'unit' && PG_SKIPPED;
  if (pgSkipped) pgSkippedBanner();
  const started = Date.now();
  const run = spawnSync(command, { stdio: 'inherit', shell: true });
  const status = run.status ?? 1;
  const result = status === 0 ? 'ok' : `FAILED (exit ${status})`;
  const row = [name, seconds(Date.now() - started), pgSkipped ? `${result}, ${PG_SKIPPED_NOTE}` : result];
  rows.push(row);
  if (file) appendFileSync(file, `${row.join('\t')}\n`);
  if (status !== 0) {
    failed = status;
    break;
  }
}
for (const [name] of stages.slice(rows.length)) {
  rows.push([name, 0, 'not run']);
  if (file) appendFileSync(file, `${name}\t0\tnot run\n`);
}
if (!file) console.log(table(rows));
if (PG_SKIPPED && rows.some(([name, , result]) => name === 'unit' && result !== 'not run')) pgSkippedBanner();
process.exit(failed);
