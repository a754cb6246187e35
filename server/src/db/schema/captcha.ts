import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAtColumn, idColumn } from './columns.ts';

/**
 * Image captchas (docs/protocol.md#verification-codes): the answer stored hashed, one try per image;
 * a right answer yields a single-use ticket (stored hashed) that lets one
 * more code be sent.
 */
export const captchas = pgTable(
  'captchas',
  {
    id: idColumn(),
    answerHash: text('answer_hash').notNull(),
    ip: text('ip'),
    createdAt: createdAtColumn(),
    expiresAt: at('expires_at').notNull(),
    triedAt: at('tried_at'),
    ticketHash: text('ticket_hash'),
    ticketExpiresAt: at('ticket_expires_at'),
    ticketUsedAt: at('ticket_used_at'),
  },
  (t) => [uniqueIndex('captchas_ticket_key').on(t.ticketHash), index('captchas_expires_idx').on(t.expiresAt)],
);
