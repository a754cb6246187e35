/**
 * `npm run lint` step: fails when a v5 call path is written as a literal
 * anywhere but the contract. Reads the files git tracks (and new ones not
 * ignored) from the repository root.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { CONTRACT_FILES, findPathLiterals } from './call-path-literals.ts';

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /\.(ts|tsx|mts|js|mjs)$/.test(f) && !CONTRACT_FILES.some((re) => re.test(f)));

const found = files.flatMap((f) => {
  try {
    return findPathLiterals(f, readFileSync(`${root}/${f}`, 'utf8'));
  } catch {
    return []; // listed but deleted in the work tree
  }
});
for (const p of found) {
  console.error(
    `${p.file}:${p.line}: call path "${p.text}" written outside the contract: use calls.<module>.<call> (@ac/protocol/calls) or httpPaths`,
  );
}
if (found.length > 0) {
  console.error(`call-path check failed: ${found.length} literal(s)`);
  process.exit(1);
}
console.log(`call-path check passed: ${files.length} files, no v5 path outside the contract`);
