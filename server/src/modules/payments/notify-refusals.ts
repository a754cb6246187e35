/**
 * Refused gateway notifications are counted, not audited: anyone can post
 * to the notification URL, so one audit row per refusal would let a caller
 * fill the audit log. The counts (by provider and reason code) are for the
 * metrics; each refusal also writes one warn line to the log.
 */
const counts = new Map<string, { provider: string; reason: string; count: number }>();

export function countRefusedNotification(provider: string, reason: string): void {
  const key = `${provider}\u0000${reason}`;
  const entry = counts.get(key) ?? { provider, reason, count: 0 };
  entry.count += 1;
  counts.set(key, entry);
}

/** Refused notifications since the process started, by provider and reason (a catalogue code). */
export function refusedNotifications(): { provider: string; reason: string; count: number }[] {
  return [...counts.values()].map((e) => ({ ...e }));
}
