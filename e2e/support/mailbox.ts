/** Reads the server's dev mailbox (the outbox, shown outside production). */
type Message = { channel: 'mail' | 'sms'; recipient: string; subject: string; body: string; createdAt: string };

export async function latestMessage(origin: string, recipient: string): Promise<Message | undefined> {
  const res = await fetch(`${origin}/dev/mailbox.json`);
  const { rows } = (await res.json()) as { rows: Message[] };
  return rows.find((m) => m.recipient === recipient);
}

export async function latestCode(origin: string, recipient: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const code = (await latestMessage(origin, recipient))?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code for ${recipient}`);
}

/** The newest message to `recipient` created at or after `since` (waits up to 5 s for it). */
export async function messageSince(origin: string, recipient: string, since: Date): Promise<Message> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${origin}/dev/mailbox.json`);
    const { rows } = (await res.json()) as { rows: Message[] };
    const found = rows.find(
      (m) => m.recipient === recipient && new Date(m.createdAt).getTime() >= since.getTime() - 1000,
    );
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no message for ${recipient} since ${since.toISOString()}`);
}

/** The 6-digit code of the newest message to `recipient` since `since`. */
export async function codeSince(origin: string, recipient: string, since: Date): Promise<string> {
  const code = (await messageSince(origin, recipient, since)).body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code for ${recipient}`);
  return code;
}
