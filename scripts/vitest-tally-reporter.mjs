/**
 * A vitest reporter (beside the default one) that writes what the unit stage
 * ran to a JSON file for the stage table of scripts/test-all.mjs: how many
 * tests passed and failed, and every test that was skipped (with the note of
 * `ctx.skip(note)`) or retried, by name. No test is retried by configuration
 * (docs/reliability.md#the-test-suite); a retried one is named so it is seen.
 *
 * The file is TEST_TALLY_FILE, or .tmp/tally-unit.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

export default class TallyReporter {
  onTestRunEnd(testModules) {
    const tally = { passed: 0, failed: 0, skipped: [], retried: [] };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const name = `[${test.project.name}] ${relative(process.cwd(), module.moduleId)} > ${test.fullName}`;
        const result = test.result();
        if (result.state === 'passed') tally.passed++;
        else if (result.state === 'failed') tally.failed++;
        else if (result.state === 'skipped') tally.skipped.push({ name, note: result.note ?? test.options.mode });
        const retries = test.diagnostic()?.retryCount ?? 0;
        if (retries > 0) tally.retried.push({ name, retries });
      }
    }
    const file = process.env.TEST_TALLY_FILE ?? '.tmp/tally-unit.json';
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(tally, null, 2));
  }
}
