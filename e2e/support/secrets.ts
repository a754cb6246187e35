/**
 * The secrets an e2e run produces — verification codes, activation and
 * reset link ids, session tokens, passwords — recorded as the specs meet
 * them, so that after the run the servers' logs can be searched for every
 * one (support/log-check.ts, run by support/global-teardown.ts).
 *
 * Each Playwright worker appends to its own file under e2e/.tmp/secrets/
 * (cleared by support/global-setup.ts); lines are `kind<TAB>value`.
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SECRETS_DIR = fileURLToPath(new URL('../.tmp/secrets/', import.meta.url));

export type SecretKind = 'code' | 'link id' | 'token' | 'password';
export type Secret = { kind: SecretKind; value: string };

export function recordSecrets(secrets: Secret[]) {
  const lines = secrets.filter((s) => s.value).map((s) => `${s.kind}\t${s.value}\n`);
  if (!lines.length) return;
  mkdirSync(SECRETS_DIR, { recursive: true });
  appendFileSync(join(SECRETS_DIR, `${process.pid}.tsv`), lines.join(''));
}

/** Order and invoice numbers (`AC2026…`, `IV2026…`): a mail's link may name one; they are no secret. */
const RECORD_NUMBER = /^[A-Z]{2}\d{18,}$/;

/**
 * Codes (6 digits, not the tail of a receipt number such as `R-US-000001`) and link ids or
 * tokens (path segments and query values of 16+ characters) in a message.
 */
export function secretsInText(text: string): Secret[] {
  const found: Secret[] = [];
  for (const m of text.matchAll(/(?<![\d.-])\d{6}(?![\d.])/g)) found.push({ kind: 'code', value: m[0] });
  for (const m of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const url = new URL(m[0]);
    for (const segment of url.pathname.split('/')) {
      if (/^[\w-]{16,}$/.test(segment) && !RECORD_NUMBER.test(segment)) found.push({ kind: 'link id', value: segment });
    }
    for (const value of url.searchParams.values()) {
      if (value.length >= 16 && !RECORD_NUMBER.test(value)) found.push({ kind: 'link id', value });
    }
  }
  return found;
}

/** Every secret the workers recorded. */
export function readRecordedSecrets(): Secret[] {
  if (!existsSync(SECRETS_DIR)) return [];
  return readdirSync(SECRETS_DIR).flatMap((file) =>
    readFileSync(join(SECRETS_DIR, file), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [kind, value] = line.split('\t') as [SecretKind, string];
        return { kind, value };
      }),
  );
}
