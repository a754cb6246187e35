/**
 * The fuzz harness shared by the test suite (server/src/envelope/fuzz.test.ts,
 * a few cases per call) and the benchmark (bench/fuzz.ts, ten thousand and
 * more): sends fast-check generated requests to a built app through
 * app.inject, each from its own client address so per-IP limits do not mask
 * the answers, and checks every answer (docs/reliability.md#fuzzing):
 *
 * - never a 5xx, and an answer within ANSWER_TIMEOUT_MS;
 * - a JSON object in the answer shape, `{code, msg, bizData?}` (signed:
 *   `{rtnCode, msg, bizData?}`), with a code of the catalogue whose HTTP
 *   status it carries, and no bizData on a refusal;
 * - the code the case must get, where there is one (0000002 for a payload
 *   the call's schema refuses; a refusal for a malformed envelope);
 * - no row changed by a refused call (db-snapshot.ts);
 * - Object.prototype unpolluted.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { type CallContract, createClient, memoryKeyStore, type TClientInfo } from '@ac/client';
import { calls as contractCalls } from '@ac/protocol/calls';
import { CLIENT_TYPES } from '@ac/protocol/client-types';
import { Code, catalogue, isCode, sessionCodes } from '@ac/protocol/codes';
import type { TRegion } from '@ac/protocol/enums';
import { httpPaths, payNotifyPath } from '@ac/protocol/http-paths';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { createServices } from '../../src/app/services.ts';
import type { Config } from '../../src/config/config.ts';
import type { Db } from '../../src/db/client.ts';
import { users } from '../../src/db/schema/index.ts';
import { encryptPayload } from '../../src/envelope/aes.ts';
import { defaultClientInfo } from '../envelope-client.ts';
import { changedTables, createSnapshotter } from './db-snapshot.ts';
import { buildEnvelopeRequest, envelopeCaseArbs, type RawRequest } from './envelope-arbitraries.ts';
import { payloadKinds, type ValuePool } from './payload-arbitraries.ts';

/** A request that has not been answered within this is reported as a hang. */
export const ANSWER_TIMEOUT_MS = 20_000;

export type FuzzSettings = { seed: number; runs: number; only?: string };

/** FUZZ_SEED (default 1504, fixed so a run repeats), FUZZ_RUNS (cases per property), FUZZ_ONLY (a label filter). */
export function fuzzSettings(env: NodeJS.ProcessEnv, defaultRuns: number): FuzzSettings {
  const seed = Number(env.FUZZ_SEED ?? 1504);
  const runs = Number(env.FUZZ_RUNS ?? defaultRuns);
  if (!Number.isInteger(seed) || !Number.isInteger(runs) || runs < 1)
    throw new Error('FUZZ_SEED and FUZZ_RUNS must be integers');
  return { seed, runs, only: env.FUZZ_ONLY || undefined };
}

export type FuzzTarget = { app: FastifyInstance; db: Db; config: Config };

export type Answer = { status: number; body: Record<string, unknown> | undefined; text: string };

/** Counts for the benchmark's report. */
export class FuzzStats {
  readonly cases = new Map<string, number>();
  readonly codes = new Map<string, number>();
  /** `path code`: answers with a code the call's contract entry does not list (reported, not a failure). */
  readonly undeclared = new Map<string, number>();
  total = 0;
  count(label: string, code: string) {
    this.total += 1;
    this.cases.set(label, (this.cases.get(label) ?? 0) + 1);
    this.codes.set(code, (this.codes.get(code) ?? 0) + 1);
  }
}

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort().join(',');

/** Object.prototype as the process started: no added or replaced property. */
export function prototypePolluted(): string | null {
  const names = Object.getOwnPropertyNames(Object.prototype).sort().join(',');
  if (names !== PROTOTYPE_NAMES) return `Object.prototype has ${names}`;
  const probe = {} as Record<string, unknown>;
  for (const key of ['polluted', 'isAdmin']) if (key in probe) return `Object.prototype.${key} is set`;
  if (typeof probe.toString !== 'function') return 'Object.prototype.toString replaced';
  return null;
}

type Expect = { code?: string; refuse?: boolean; shape?: 'envelope' | 'signed' | 'gateway' };

/** The answer's problems against the properties, none when it holds. */
export function judge(answer: Answer, expect: Expect): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`HTTP ${answer.status}`);
  if (expect.shape === 'gateway') {
    // a gateway acknowledgement is the gateway's own format; a refusal is a 4xx
    if (expect.refuse && answer.status < 400) problems.push(`accepted (HTTP ${answer.status})`);
    return problems;
  }
  const body = answer.body;
  if (!body) return [...problems, `not a JSON object: ${answer.text.slice(0, 120)}`];
  const signed = 'rtnCode' in body;
  const code = signed ? body.rtnCode : body.code;
  const allowed = new Set([signed ? 'rtnCode' : 'code', 'msg', 'bizData']);
  for (const k of Object.keys(body)) if (!allowed.has(k)) problems.push(`unexpected answer field ${k}`);
  if (typeof code !== 'string' || !isCode(code))
    return [...problems, `code ${JSON.stringify(code)} not in the catalogue`];
  if (typeof body.msg !== 'string' || !body.msg) problems.push('no msg');
  if (catalogue[code].status !== answer.status) {
    problems.push(`code ${code} with HTTP ${answer.status}, the catalogue says ${catalogue[code].status}`);
  }
  if (code !== Code.ok && 'bizData' in body) problems.push(`refusal ${code} carries bizData`);
  if (expect.code && code !== expect.code) problems.push(`code ${code}, expected ${expect.code} (${String(body.msg)})`);
  if (expect.refuse && code === Code.ok) problems.push('a malformed request succeeded');
  return problems;
}

function codeOf(answer: Answer): string {
  const b = answer.body;
  return String(b?.code ?? b?.rtnCode ?? `HTTP ${answer.status}`);
}

/** The regions' contract entries a target serves, each call once. */
export function callsOf(region: TRegion): CallContract[] {
  const out: CallContract[] = [];
  for (const group of Object.values(contractCalls)) {
    for (const entry of Object.values(group)) {
      if (typeof entry === 'function') continue;
      if (entry.regions && !entry.regions.includes(region)) continue;
      out.push(entry);
    }
  }
  for (const type of ['google', 'wx'] as const) {
    const entry = contractCalls.thirdParty.loginWith(type);
    if (!entry.regions || entry.regions.includes(region)) out.push(entry);
  }
  return out;
}

export type Account = { userId: string; token: string; email: string };

/** Calls whose success may end the caller's session. */
const ENDS_SESSION = /logout|CancelAccount|signOut|updatePassword|unbind/i;

export async function createFuzzer(target: FuzzTarget, settings: FuzzSettings, stats = new FuzzStats()) {
  const { app, db, config } = target;
  const services = createServices({ config, db, log: app.log });
  const snapshots = createSnapshotter(db);
  let addresses = 0;
  /** A new client address for every request: per-IP limits would otherwise answer 0000006 to most cases. */
  const nextAddress = () => {
    addresses += 1;
    return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
  };

  async function send(req: RawRequest): Promise<Answer> {
    const url = req.token ? `${req.path}?utoken=${encodeURIComponent(req.token)}` : req.path;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`)), ANSWER_TIMEOUT_MS);
    });
    try {
      const res = await Promise.race([
        app.inject({ method: 'POST', url, headers: req.headers, payload: req.body, remoteAddress: nextAddress() }),
        timeout,
      ]);
      let body: Record<string, unknown> | undefined;
      try {
        const parsed = JSON.parse(res.payload) as unknown;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
      } catch {
        body = undefined;
      }
      return { status: res.statusCode, body, text: res.payload };
    } finally {
      clearTimeout(timer);
    }
  }

  const sdk = createClient({
    baseUrl: 'http://fuzz.test',
    clientInfo: defaultClientInfo,
    keyStore: memoryKeyStore(),
    fetch: async (input, init) => {
      const u = new URL(String(input));
      const res = await app.inject({
        method: 'POST',
        url: `${u.pathname}${u.search}`,
        headers: init?.headers as Record<string, string>,
        payload: init?.body as string,
        remoteAddress: nextAddress(),
      });
      return new Response(res.payload, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
    },
  });
  const key = await sdk.key();

  async function createAccount(): Promise<Account> {
    const email = `fuzz-${randomUUID()}@example.com`;
    const [user] = await db
      .insert(users)
      .values({ name: email.split('@')[0]!, nickName: 'Fuzz', email, isActivate: true })
      .returning({ id: users.id });
    const token = await services.sessions.createSession(user!.id, {
      clientInfo: defaultClientInfo,
      ip: '127.0.0.1',
      userAgent: 'fuzz',
    });
    return { userId: user!.id, token, email };
  }

  // another user whose ids the fuzzer tries to reach
  const victim = await createAccount();
  const pool: ValuePool = {
    strings: [victim.userId, victim.email, victim.token, randomUUID(), '0', '-1', 'null', 'ML1', 'us', 'cn', 'a'],
  };
  const clientInfoArb: fc.Arbitrary<TClientInfo> = fc
    .constantFrom(...Object.keys(CLIENT_TYPES), 'gstar_trade_pc')
    .map((clientType) => ({
      ...defaultClientInfo,
      clientType,
    }));

  /**
   * The durable jobs an earlier call queued (a data export's build and its mail) have run: they
   * write after their call's answer, and a refused call checked meanwhile would be blamed for their
   * rows. Jobs waiting for a later retry are not waited for; after 60 s the check goes on anyway.
   */
  async function jobsSettled() {
    for (let i = 0; i < 1200; i++) {
      const pending = (await db
        .execute(
          sql`select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now()`,
        )
        .catch(() => ({ rows: [{ n: 0 }] }))) as unknown as { rows: { n: number }[] };
      if (!Number(pending.rows[0]?.n)) return;
      await delay(50);
    }
  }

  /** Sends one request and checks it; throws a description of every broken property. */
  async function check(label: string, req: RawRequest, expect: Expect): Promise<Answer> {
    await jobsSettled();
    const before = await snapshots.take();
    const answer = await send(req);
    const problems = judge(answer, expect);
    const code = codeOf(answer);
    const refused = expect.shape === 'gateway' ? answer.status >= 300 : code !== Code.ok;
    const after = await snapshots.take();
    if (refused) {
      const changed = changedTables(before, after);
      if (changed.length) problems.push(`refused (${code}) but changed ${changed.join(', ')}`);
    }
    const polluted = prototypePolluted();
    if (polluted) problems.push(polluted);
    stats.count(label, code);
    if (problems.length) {
      const body = typeof req.body === 'string' ? req.body : req.body.toString('latin1');
      throw new Error(
        `${label}: ${problems.join('; ')}\n  request: POST ${req.path} ${JSON.stringify(req.headers)} ${body.slice(0, 300)}` +
          `\n  answer: HTTP ${answer.status} ${answer.text.slice(0, 300)}`,
      );
    }
    return answer;
  }

  async function runProperty<T>(
    label: string,
    arb: fc.Arbitrary<T>,
    predicate: (v: T) => Promise<void>,
    runs = settings.runs,
  ) {
    if (settings.only && !label.includes(settings.only)) return;
    try {
      await fc.assert(fc.asyncProperty(arb, predicate), { seed: settings.seed, numRuns: runs, endOnFailure: false });
    } catch (e) {
      const err = e as Error;
      err.message = `${err.message}\nReplay: FUZZ_SEED=${settings.seed} FUZZ_ONLY='${label}'`;
      throw err;
    }
  }

  /** The fresh user the logged-in cases run as, replaced once a case ended its session. */
  let current: Account | undefined;
  async function session(): Promise<Account> {
    current ??= await createAccount();
    return current;
  }

  /** Wrong and hostile payloads of one call, logged out or logged in: `settings.runs` times each kind. */
  async function fuzzCall(call: CallContract, loggedIn: boolean) {
    const label = `${call.path} ${loggedIn ? 'logged in' : 'logged out'}`;
    // every kind is generated for each run and they take turns, so even a few runs try each kind
    const kinds = payloadKinds(call.request, pool);
    let turn = 0;
    const arb = fc.tuple(fc.tuple(...kinds.map((k) => k.arb)), clientInfoArb).map(([values, clientInfo]) => {
      const i = turn++ % kinds.length;
      const k = kinds[i]!;
      return [{ kind: k.kind, invalid: k.invalid, payload: values[i] }, clientInfo] as const;
    });
    await runProperty(
      label,
      arb,
      async ([c, clientInfo]) => {
        const token = loggedIn ? (await session()).token : null;
        const prepared = await sdk.prepare(call, {} as never, { token, clientInfo });
        const u = new URL(prepared.url);
        // the SDK sends {} for a null payload: the payload is encrypted here as it is
        const body = JSON.stringify({ ...JSON.parse(prepared.body), data: encryptPayload(key, c.payload) });
        const answer = await check(
          `${label} / ${c.kind}`,
          {
            path: u.pathname,
            token: u.searchParams.get('utoken') ?? undefined,
            body,
            headers: { 'content-type': 'application/json' },
          },
          c.invalid ? { code: Code.invalidParam } : {},
        );
        const code = codeOf(answer);
        if (
          !code.startsWith('00000') &&
          !sessionCodes.includes(code as never) &&
          !call.errors.includes(code as never)
        ) {
          const k = `${call.path} ${code}`;
          stats.undeclared.set(k, (stats.undeclared.get(k) ?? 0) + 1);
        }
        // a case that ended the session (logout, deletion, sign-out…) leaves the next one a fresh user
        if (
          loggedIn &&
          ((sessionCodes as readonly string[]).includes(code) || (code === Code.ok && ENDS_SESSION.test(call.path)))
        ) {
          current = undefined;
        }
      },
      settings.runs * kinds.length,
    );
  }

  /** Malformed envelopes to the calls of this target, logged out and in: `rounds` times each category. */
  async function fuzzEnvelopes(paths: readonly string[], rounds: number) {
    const categories = envelopeCaseArbs();
    let turn = 0;
    const arb = fc
      .tuple(fc.tuple(...categories), fc.constantFrom(...paths), fc.boolean())
      .map(([cases, path, loggedIn]) => [cases[turn++ % cases.length]!, path, loggedIn] as const);
    await runProperty(
      'envelope',
      arb,
      async ([c, path, loggedIn]) => {
        const req = buildEnvelopeRequest(c, path, key, {});
        if (loggedIn && !req.token) req.token = (await session()).token;
        await check(`envelope / ${c.category}`, req, { refuse: c.expect === 'refuse' });
      },
      rounds * categories.length,
    );
  }

  /** getRsaKey with any body: a key or a catalogue refusal, never a 5xx. */
  async function fuzzKeyRoute(runs: number) {
    await runProperty(
      'getRsaKey',
      fc.oneof(
        fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
        fc.string({ maxLength: 60 }),
      ),
      async (body) => {
        await check(
          'getRsaKey',
          { path: httpPaths.getRsaKey, body, headers: { 'content-type': 'application/json' } },
          {},
        );
      },
      runs,
    );
  }

  /** The multipart avatar upload with broken forms and files, logged out and in. */
  async function fuzzAvatar(runs: number) {
    const part = fc.record({
      name: fc.constantFrom('file', 'avatar', '', '__proto__'),
      filename: fc.constantFrom('a.png', 'a.jpg', '', '../../x.png', 'x'.repeat(300)),
      type: fc.constantFrom('image/png', 'image/jpeg', 'text/plain', ''),
      bytes: fc.oneof(
        fc.uint8Array({ maxLength: 256 }),
        fc
          .uint8Array({ maxLength: 64 })
          .map((b) => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...b])),
        fc.uint8Array({ maxLength: 64 }).map((b) => Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...b])),
      ),
    });
    const arb = fc.record({
      path: fc.constantFrom(...httpPaths.avatarUploads),
      loggedIn: fc.boolean(),
      parts: fc.array(part, { maxLength: 3 }),
      boundary: fc.constantFrom('fuzzboundary', 'x', ''),
      broken: fc.constantFrom('none', 'no-closing', 'no-content-type', 'wrong-boundary'),
    });
    await runProperty(
      'avatar upload',
      arb,
      async (a) => {
        const b = a.boundary || 'fuzzboundary';
        const chunks: Buffer[] = [];
        for (const p of a.parts) {
          chunks.push(
            Buffer.from(
              `--${b}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\n` +
                (p.type ? `Content-Type: ${p.type}\r\n` : '') +
                '\r\n',
            ),
            Buffer.from(p.bytes),
            Buffer.from('\r\n'),
          );
        }
        if (a.broken !== 'no-closing') chunks.push(Buffer.from(`--${b}--\r\n`));
        const headers: Record<string, string> = {};
        if (a.broken !== 'no-content-type') {
          headers['content-type'] =
            `multipart/form-data; boundary=${a.broken === 'wrong-boundary' ? 'other' : a.boundary}`;
        }
        await check(
          'avatar upload',
          {
            path: a.path,
            body: Buffer.concat(chunks),
            headers,
            token: a.loggedIn ? (await session()).token : undefined,
          },
          { refuse: true },
        );
      },
      runs,
    );
  }

  /** Gateway notifications that no gateway signed: refused with a 4xx, nothing recorded. */
  async function fuzzNotifications(runs: number) {
    const arb = fc.record({
      provider: fc.constantFrom('sandbox', 'alipay', 'wechat', 'stripe', 'unknown', '..', '__proto__'),
      body: fc.oneof(
        fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
        fc.string({ maxLength: 200 }),
        fc.constantFrom(
          'trade_status=TRADE_SUCCESS&out_trade_no=1&total_amount=1',
          '{"event_type":"TRANSACTION.SUCCESS","resource":{}}',
          '{"type":"charge.refunded","data":{"object":{}}}',
          '{"orderNo":"x","amount":1,"currency":"USD","status":"paid"}',
        ),
      ),
      headers: fc.record(
        {
          'content-type': fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain'),
          'x-sandbox-signature': fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), maxLength: 64 }),
          'stripe-signature': fc.string({ maxLength: 80 }),
          'wechatpay-signature': fc.string({ maxLength: 40 }),
          'wechatpay-timestamp': fc.constantFrom(String(Math.floor(Date.now() / 1000)), 'x'),
          'wechatpay-nonce': fc.string({ maxLength: 16 }),
          'wechatpay-serial': fc.string({ maxLength: 16 }),
        },
        { requiredKeys: [] },
      ),
    });
    await runProperty(
      'pay notify',
      arb,
      async (n) => {
        await check(
          `pay notify / ${n.provider}`,
          { path: payNotifyPath(n.provider), body: n.body, headers: n.headers },
          { shape: 'gateway', refuse: true },
        );
      },
      runs,
    );
  }

  return {
    key,
    pool,
    stats,
    createAccount,
    check,
    fuzzCall,
    fuzzEnvelopes,
    fuzzKeyRoute,
    fuzzAvatar,
    fuzzNotifications,
  };
}
export type Fuzzer = Awaited<ReturnType<typeof createFuzzer>>;
