/**
 * The fuzz suite (docs/reliability.md#fuzzing): malformed envelopes, the
 * non-envelope routes that take input, and wrong or hostile payloads for
 * every call of the contract, logged out and logged in as a fresh user, in
 * both regions. FUZZ_RUNS rounds of every kind of case (one here; `npm run
 * bench:fuzz -w bench` runs ten thousand and more), once with a fixed seed
 * so a run repeats and once with a new seed each run, printed at the start,
 * so every run also tries cases no earlier run tried. A failure prints the
 * seed and label to replay it with (FUZZ_SEED=… runs that seed alone).
 * Runs once per test run: on PostgreSQL when there is one, else on PGlite.
 */
import { randomInt } from 'node:crypto';
import type { TRegion } from '@ac/protocol/enums';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { callsOf, createFuzzer, type Fuzzer, fuzzSettings } from '../../test/fuzz/fuzzer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const fixed = fuzzSettings(process.env, 1);
const newSeed = { ...fixed, seed: randomInt(1, 2 ** 31 - 1) };
const rounds = process.env.FUZZ_SEED
  ? [{ name: `seed ${fixed.seed}`, settings: fixed }]
  : [
      { name: 'fixed seed', settings: fixed },
      { name: 'new seed', settings: newSeed },
    ];
if (!process.env.FUZZ_SEED) console.log(`fuzz: fixed seed ${fixed.seed}, new seed ${newSeed.seed} (FUZZ_SEED=…)`);

describe.each(rounds)('fuzz, $name', ({ settings }) => {
  for (const region of ['us', 'cn'] as const satisfies readonly TRegion[]) {
    describe(`region ${region}`, () => {
      let t: TestApp;
      let fuzzer: Fuzzer;
      // the calls of both regions are fuzzed in the us app; the cn app adds its own
      const calls = callsOf(region).filter((c) => region === 'us' || c.regions?.includes('cn'));

      beforeAll(async () => {
        t = await createTestApp({ region });
        fuzzer = await createFuzzer(t, settings);
      });
      afterAll(() => t.close());

      it('refuses malformed envelopes with a catalogue code and changes nothing', async () => {
        await fuzzer.fuzzEnvelopes(
          calls.map((c) => c.path),
          settings.runs * 2,
        );
      });

      if (region === 'us') {
        it('answers getRsaKey, the avatar upload and gateway notifications without a 5xx', async () => {
          await fuzzer.fuzzKeyRoute(settings.runs * 4);
          await fuzzer.fuzzAvatar(settings.runs * 12);
          await fuzzer.fuzzNotifications(settings.runs * 12);
        });
      }

      for (const call of calls) {
        for (const loggedIn of [false, true]) {
          it(`${call.path} ${loggedIn ? 'logged in' : 'logged out'}: 0000002 for a wrong payload, no 5xx, no half write`, async () => {
            await fuzzer.fuzzCall(call, loggedIn);
          });
        }
      }
    });
  }
});
