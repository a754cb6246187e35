/**
 * Searches server logs for secrets (docs/api.md keeps tokens, codes and link
 * ids out of every log line): the literal secrets the run produced, and
 * shapes that are secrets whatever their value — an unredacted `utoken`
 * in a URL or a field, a 43-character session token.
 */
import type { Secret } from './secrets.ts';

export type Finding = { file: string; line: number; kind: string; excerpt: string };

/** Lines that may name a secret on purpose: the demo's own start line names its published password. */
const ALLOWED = [/"msg":"Demo data seeded: log in as /];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Shapes that are a secret whatever the value. */
const SHAPES: [string, RegExp][] = [
  ['utoken in a URL', /[?&]utoken=(?!\*{6})[^&\s"]/],
  ['utoken field', /"utoken":"(?!\*{6})[^"]/],
  // the passwords specs make up: a stem, a dash and the time (support/fresh-user.ts and the register specs)
  ['password-shaped value', /\b(?:Fresh|Reset|First|Second|Mobile|GetCode)-\d{9,}/],
  // randomToken(): 32 bytes, base64url — a session, hand-over or captcha ticket (an avatar file name is public)
  ['token-shaped value', /(?<![\w-])[\w-]{43}(?![\w-])(?!\.(?:png|jpe?g|webp|gif))/],
];

/** Masks all but the first 3 characters of the secret in a finding. */
const mask = (value: string) => `${value.slice(0, 3)}…(${value.length})`;

export function findSecrets(file: string, text: string, secrets: Secret[]): Finding[] {
  const byKind = new Map<string, Set<string>>();
  for (const s of secrets) {
    if (!byKind.has(s.kind)) byKind.set(s.kind, new Set());
    byKind.get(s.kind)!.add(s.value);
  }
  const literal: [string, RegExp][] = [...byKind].map(([kind, values]) => {
    const alternatives = [...values].sort((a, b) => b.length - a.length).map(escapeRegExp);
    // a code only as a whole number: not inside a longer one, a decimal (response times) or a word
    const source =
      kind === 'code' ? `(?<![\\w.])(?:${alternatives.join('|')})(?![\\w.])` : `(?:${alternatives.join('|')})`;
    return [kind, new RegExp(source)];
  });
  const findings: Finding[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line || ALLOWED.some((a) => a.test(line))) return;
    for (const [kind, re] of [...literal, ...SHAPES]) {
      const m = re.exec(line);
      if (m) {
        const at = m.index;
        const excerpt = `${line.slice(Math.max(0, at - 60), at)}${mask(m[0])}`;
        findings.push({ file, line: i + 1, kind, excerpt });
      }
    }
  });
  return findings;
}
