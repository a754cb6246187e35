/**
 * Deliveries handed off without waiting for them: an answer that depends on
 * whether an account exists must take the same time whether a message goes
 * out or not (docs/protocol.md#security-rules), and an SMTP round-trip would time it. A failed
 * delivery is logged (and stays in the outbox with its error); the app waits
 * for those in flight on close.
 */
import type { FastifyBaseLogger } from 'fastify';

export type BackgroundDelivery = {
  dispatch(what: string, deliver: () => Promise<void>): void;
  /** Waits for the deliveries in flight. */
  drain(): Promise<void>;
};

export function createBackgroundDelivery(log: FastifyBaseLogger): BackgroundDelivery {
  const pending = new Set<Promise<void>>();
  return {
    dispatch(what, deliver) {
      const p: Promise<void> = deliver()
        .catch((e: Error) => log.error({ err: e.message, what }, 'delivery failed'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async drain() {
      await Promise.allSettled([...pending]);
    },
  };
}
