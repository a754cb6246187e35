/**
 * After the whole run, while the servers still run: every server log
 * (e2e/.tmp/logs, written by the commands of support/servers.ts) is
 * searched for every secret the run produced — each code and link id of
 * every mail the SMTP sink received and of the messages the dev mailboxes
 * hold, the session tokens the specs sent, the passwords they used — and
 * for token shapes whatever their value. One found fails the run.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO } from './demo.ts';
import { findSecrets } from './log-check.ts';
import { OAUTH_FAKE } from './oauth-fake-config.ts';
import { readRecordedSecrets, type Secret, secretsInText } from './secrets.ts';
import { LOGS_DIR, OIDC, servers } from './servers.ts';
import { type SinkMessage, SMTP_SINK } from './smtp-sink-config.ts';

/** Passwords the specs type that no helper records. */
const FIXED_PASSWORDS = [DEMO.password, 'Another-Pass-2026'];
/** The login providers' app secrets the servers hold. */
const APP_SECRETS = [
  OIDC.clientSecret,
  ...[OAUTH_FAKE.wx, OAUTH_FAKE.wxInApp, OAUTH_FAKE.facebook].map((a) => a.clientSecret),
];

async function json<T>(url: string): Promise<T | undefined> {
  try {
    const res = await fetch(url);
    return res.ok ? ((await res.json()) as T) : undefined;
  } catch {
    return undefined;
  }
}

export default async function globalTeardown() {
  const secrets: Secret[] = [
    ...readRecordedSecrets(),
    ...FIXED_PASSWORDS.map((value) => ({ kind: 'password' as const, value })),
    ...APP_SECRETS.map((value) => ({ kind: 'token' as const, value })),
  ];
  // the codes and access tokens of the native login fakes
  const issued = await json<{ codes: string[]; tokens: string[] }>(OAUTH_FAKE.issuedUrl);
  if (!issued) throw new Error(`log check: the login fakes (${OAUTH_FAKE.issuedUrl}) did not answer`);
  for (const value of [...issued.codes, ...issued.tokens]) secrets.push({ kind: 'token', value });
  const sink = await json<{ rows: SinkMessage[] }>(`${SMTP_SINK.messagesUrl}?all=1`);
  if (!sink) throw new Error(`log check: the SMTP sink (${SMTP_SINK.messagesUrl}) did not answer`);
  for (const m of sink.rows) secrets.push(...secretsInText(m.text));
  for (const s of Object.values(servers)) {
    const mailbox = await json<{ rows: { body: string }[] }>(`${s.origin}/dev/mailbox.json`);
    for (const m of mailbox?.rows ?? []) secrets.push(...secretsInText(m.body));
  }

  const files = existsSync(LOGS_DIR) ? readdirSync(LOGS_DIR).filter((f) => f.endsWith('.log')) : [];
  if (!files.length) throw new Error(`log check: no server logs in ${LOGS_DIR}`);
  let lines = 0;
  const findings = files.flatMap((file) => {
    const text = readFileSync(join(LOGS_DIR, file), 'utf8');
    lines += text.split('\n').length;
    return findSecrets(file, text, secrets);
  });
  const distinct = new Set(secrets.map((s) => `${s.kind}\t${s.value}`)).size;
  if (findings.length) {
    const list = findings.slice(0, 20).map((f) => `  ${f.file}:${f.line} ${f.kind}: …${f.excerpt}`);
    throw new Error(`log check: ${findings.length} secret(s) in the server logs (${LOGS_DIR}):\n${list.join('\n')}`);
  }
  console.log(
    `log check: ${lines} lines of ${files.length} logs searched for ${distinct} secrets (${sink.rows.length} mails) and token shapes: none found`,
  );
}
