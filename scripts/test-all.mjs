#!/usr/bin/env node
/**
 * `npm test`: the stages of the README's test line — lint, unit (vitest:
 * protocol, client, server on PGlite and PostgreSQL, web), build, e2e
 * (Playwright on the built server) — then a table of how long each took.
 * Lint and then the build run beside the unit stage, whose tests wait on
 * child processes and PostgreSQL for much of their time (about a core of a
 * 2-core machine idle); their output is printed when each ends. The e2e
 * stage runs once all three passed; the first failure ends the run with its
 * exit code.
 *
 * With STAGE_TIMINGS_FILE set (.ci/run sets it), each stage's line is
 * appended to that file instead and the caller prints the whole table, its
 * own install steps included (`node scripts/test-all.mjs --report <file>`).
 *
 * Without TEST_DATABASE_URL the server suite runs on PGlite only, which runs
 * one transaction at a time: the concurrency tests (races of redeem, payment,
 * cancel, refunds) then prove nothing. That is said loudly before the unit
 * stage and after the table, and the unit stage's row says it was skipped.
 *
 * The unit and e2e rows also count the tests that passed, were skipped and
 * were retried; every skipped or retried test is named after the table, with
 * its reason (docs/reliability.md#the-test-suite). Nothing is retried by
 * configuration, so a retried test there is a configuration gone wrong.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** What vitest ran (scripts/vitest-tally-reporter.mjs) and what Playwright ran (its JSON reporter). */
const UNIT_TALLY = `${ROOT}.tmp/tally-unit.json`;
const E2E_REPORT = `${ROOT}e2e/.tmp/report.json`;

const stages = [
  ['lint', 'npm run lint'],
  ['unit', 'npm run test:unit -- --reporter=default --reporter=./scripts/vitest-tally-reporter.mjs', UNIT_TALLY],
  ['build', 'npm run build'],
  ['e2e', 'npm run test:e2e', E2E_REPORT],
];
/** Stages that run beside `unit` (one after the other), their output held until each ends. */
const BESIDE_UNIT = ['lint', 'build'];
/** A row's result says so, and the table leaves it out of the total (its time is inside unit's). */
const BESIDE_NOTE = 'beside unit';

/** The tests a Playwright JSON report holds, as the unit tally counts them. */
function tallyOfPlaywright(report) {
  const tally = { passed: 0, failed: 0, skipped: [], retried: [] };
  const walk = (suite) => {
    for (const child of suite.suites ?? []) walk(child);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = `[${test.projectName}] ${spec.file} > ${spec.title}`;
        if (test.status === 'skipped') {
          const reason = (test.annotations ?? []).find((a) => a.type === 'skip')?.description;
          tally.skipped.push({ name, note: reason ?? 'no reason given' });
        } else if (test.status === 'expected') tally.passed++;
        else tally.failed++;
        const retries = Math.max(0, (test.results ?? []).length - 1);
        if (retries > 0) tally.retried.push({ name, retries });
      }
    }
  };
  walk(report);
  return tally;
}

/** The tally a stage left behind, or null when it wrote none (it failed before the end). */
function readTally(name, file) {
  if (!file || !existsSync(file)) return null;
  const data = JSON.parse(readFileSync(file, 'utf8'));
  return name === 'e2e' ? tallyOfPlaywright(data) : data;
}

/** `2345 passed, 0 skipped, 0 retried` (and the failures, when any). */
function countsOf(tally) {
  const failed = tally.failed ? `, ${tally.failed} failed` : '';
  return `${tally.passed} passed${failed}, ${tally.skipped.length} skipped, ${tally.retried.length} retried`;
}

/** The skipped and retried tests of a stage, each by name, for after the table. */
function notesOf(stage, tally) {
  return [
    ...tally.skipped.map((t) => `${stage}: SKIPPED ${t.name} (${t.note})`),
    ...tally.retried.map((t) => `${stage}: RETRIED ${t.retries}x ${t.name}`),
  ];
}

const seconds = (ms) => ms / 1000;
const clock = (s) => {
  const whole = Math.round(s);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** Lines of `name<TAB>seconds<TAB>result`, as a table with a total. */
function table(rows) {
  const width = Math.max(5, ...rows.map(([name]) => name.length));
  const total = rows.reduce((sum, [, s, result]) => (result.includes(BESIDE_NOTE) ? sum : sum + s), 0);
  const line = (name, s, result) => `  ${name.padEnd(width)}  ${clock(s).padStart(6)}  ${result}`;
  return [
    '',
    '== stage durations (m:ss)',
    ...rows.map(([name, s, result]) => line(name, s, result)),
    line('total', total, ''),
  ].join('\n');
}

/** Lines of the timings file that name a skipped or retried test (`#` first). */
function readNotes(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('#'))
    .map((l) => l.slice(1));
}

/** The notes, loudly: every skipped or retried test by name. */
function notesBlock(notes) {
  if (notes.length === 0) return '';
  return ['', '== skipped or retried tests (each must be by design)', ...notes.map((n) => `  ${n}`)].join('\n');
}

function readRows(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const [name, s, result] = l.split('\t');
      return [name, Number(s), result];
    });
}

if (process.argv[2] === '--report') {
  console.log(table(readRows(process.argv[3])) + notesBlock(readNotes(process.argv[3])));
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
const notes = [];

/** Runs one stage; its output goes straight through, or (`held`) is printed in one piece when it ends. */
function runStage(name, command, held) {
  return new Promise((resolve) => {
    const child = spawn(command, {
      stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      shell: true,
      env: { ...process.env, ...(name === 'unit' ? { TEST_TALLY_FILE: UNIT_TALLY } : {}) },
    });
    const output = [];
    if (held) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('close', (code, signal) => {
      if (held) process.stdout.write(`\n== ${name} (ran beside unit): output\n${Buffer.concat(output).toString()}`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** Runs a stage and records its row (and its tally's notes); resolves with its exit status. */
async function stage(name, held = false) {
  const [, command, tallyFile] = stages.find(([n]) => n === name);
  console.log(`\n== ${name}: ${command}${held ? ' (beside unit; its output when it ends)' : ''}`);
  const pgSkipped = name === 'unit' && PG_SKIPPED;
  if (pgSkipped) pgSkippedBanner();
  if (tallyFile) rmSync(tallyFile, { force: true });
  const started = Date.now();
  const status = await runStage(name, command, held);
  const tally = readTally(name, tallyFile);
  const result = [
    status === 0 ? 'ok' : `FAILED (exit ${status})`,
    ...(tally ? [countsOf(tally)] : []),
    ...(pgSkipped ? [PG_SKIPPED_NOTE] : []),
    ...(held ? [BESIDE_NOTE] : []),
  ].join(', ');
  const row = [name, seconds(Date.now() - started), result];
  rows.push(row);
  const stageNotes = tally ? notesOf(name, tally) : [];
  notes.push(...stageNotes);
  if (file) appendFileSync(file, [row.join('\t'), ...stageNotes.map((n) => `#${n}`)].map((l) => `${l}\n`).join(''));
  return status;
}

async function besideUnit() {
  for (const name of BESIDE_UNIT) {
    const status = await stage(name, true);
    if (status !== 0) return status;
  }
  return 0;
}

const [besideStatus, unitStatus] = await Promise.all([besideUnit(), stage('unit')]);
let failed = besideStatus || unitStatus;
if (!failed) failed = await stage('e2e');
for (const [name] of stages.filter(([n]) => !rows.some(([r]) => r === n))) {
  rows.push([name, 0, 'not run']);
  if (file) appendFileSync(file, `${name}\t0\tnot run\n`);
}
if (!file) console.log(table(rows) + notesBlock(notes));
if (PG_SKIPPED && rows.some(([name, , result]) => name === 'unit' && result !== 'not run')) pgSkippedBanner();
process.exit(failed);
