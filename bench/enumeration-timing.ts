/**
 * Enumeration timing: how long sendFindPwdEmail, sendEmailCode (login) and
 * register take for an address with an account versus one without, against a real started
 * server. Prints the means and their difference (a benchmark: it asserts
 * nothing). Each sample comes from its own loopback source address
 * (127.0.0.x), so the per-IP rate limits do not interfere, and each address
 * is used once, so the per-address mail limits do not either. Takes about
 * 70 s: an address registered once can be registered again (the "existing"
 * case) only after the 60 s mail resend limit.
 */
import { request } from 'node:http';
import { type CallContract, calls } from '@ac/client';
import { apiClient } from '../e2e/support/api-client.ts';
import { startServer } from './start-server.ts';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const PASSWORD = 'Tulip-Orbit-42';
const run = Date.now().toString(36);

/** One envelope call (built by the SDK) from a given loopback source address; resolves with the answer code and the time taken. */
function timedCall(prepared: { url: string; body: string }, from: string) {
  const url = new URL(prepared.url);
  const body = prepared.body;
  return new Promise<{ code: string; ms: number }>((resolve, reject) => {
    const t0 = performance.now();
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString();
        });
        res.on('end', () => resolve({ code: (JSON.parse(text) as { code: string }).code, ms: performance.now() - t0 }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

let nextIp = 2;
const sourceIp = () => `127.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 2}`;

function stats(ms: number[]) {
  const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
  const sd = Math.sqrt(ms.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, ms.length - 1));
  const median = [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]!;
  return { mean, sd, median, n: ms.length };
}

function report(name: string, existing: number[], unknown: number[]) {
  const e = stats(existing);
  const u = stats(unknown);
  const diff = e.mean - u.mean;
  const se = Math.sqrt(e.sd ** 2 / e.n + u.sd ** 2 / u.n);
  const f = (s: ReturnType<typeof stats>) =>
    `mean ${s.mean.toFixed(1)} ms, median ${s.median.toFixed(1)} ms, sd ${s.sd.toFixed(1)} ms, n ${s.n}`;
  console.log(`enumeration-timing ${name}: existing ${f(e)}`);
  console.log(`enumeration-timing ${name}: unknown  ${f(u)}`);
  console.log(
    `enumeration-timing ${name}: difference ${diff.toFixed(1)} ms (±${(1.96 * se).toFixed(1)} ms at 95%), ` +
      `${((100 * diff) / u.mean).toFixed(1)} % of the unknown mean`,
  );
}

/** Runs both, one after the other, the first one first on even samples (the order alternates). */
async function pair<T>(first: () => Promise<T>, second: () => Promise<T>, i: number): Promise<[T, T]> {
  if (i % 2 === 0) return [await first(), await second()];
  const b = await second();
  return [await first(), b];
}

function expectOk(what: string, code: string) {
  if (code !== '0000000') throw new Error(`${what} answered ${code}`);
}

const server = await startServer(8416);
try {
  const api = apiClient(server.origin);
  const form = (email: string) => ({ name: 'Bench', email, password: PASSWORD, region: 'DE', agree: true });
  const accounts = Array.from({ length: SAMPLES }, (_, i) => `bench-${run}-${i}@example.com`);
  const call = async (contract: CallContract, payload: unknown) =>
    timedCall(await api.prepare(contract, payload as never), sourceIp());

  // warm-up (JIT, first scrypt, prepared statements), not counted
  for (let i = 0; i < 3; i++) await call(calls.recovery.sendFindPwdEmail, { email: `warm-${run}-${i}@example.com` });

  // the accounts of the "existing" cases (their activation mail starts the 60 s resend limit)
  const registerStarted = Date.now();
  for (const email of accounts)
    expectOk('register', (await call(calls.registration.registerByEmail, form(email))).code);

  // sendFindPwdEmail: an existing and an unknown address in turn
  const resetExisting: number[] = [];
  const resetUnknown: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const [known, unknown] = await pair(
      () => call(calls.recovery.sendFindPwdEmail, { email: accounts[i] }),
      () => call(calls.recovery.sendFindPwdEmail, { email: `nobody-${run}-${i}@example.com` }),
      i,
    );
    expectOk('sendFindPwdEmail', known.code);
    expectOk('sendFindPwdEmail', unknown.code);
    resetExisting.push(known.ms);
    resetUnknown.push(unknown.ms);
  }
  report('sendFindPwdEmail', resetExisting, resetUnknown);

  // sendEmailCode for a login: a code to an existing address, nothing to an unknown one, the same answer
  const codeExisting: number[] = [];
  const codeUnknown: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const [known, unknown] = await pair(
      () => call(calls.codes.sendEmailCode, { email: accounts[i], purpose: 'login' }),
      () => call(calls.codes.sendEmailCode, { email: `nobody-code-${run}-${i}@example.com`, purpose: 'login' }),
      i,
    );
    expectOk('sendEmailCode', known.code);
    expectOk('sendEmailCode', unknown.code);
    codeExisting.push(known.ms);
    codeUnknown.push(unknown.ms);
  }
  report('sendEmailCode (login)', codeExisting, codeUnknown);

  // register: an existing address (past its resend limit) and a new one in turn
  const wait = registerStarted + 62_000 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const registerExisting: number[] = [];
  const registerUnknown: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const [known, unknown] = await pair(
      () => call(calls.registration.registerByEmail, form(accounts[i]!)),
      () => call(calls.registration.registerByEmail, form(`new-${run}-${i}@example.com`)),
      i,
    );
    expectOk('register (existing)', known.code);
    expectOk('register (new)', unknown.code);
    registerExisting.push(known.ms);
    registerUnknown.push(unknown.ms);
  }
  report('register', registerExisting, registerUnknown);
} finally {
  await server.stop();
}
