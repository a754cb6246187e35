/**
 * The dev mailbox (DEV_MAILBOX=true, never in production): what the outbox holds, so a new
 * user can finish registration locally without SMTP. HTML at
 * /dev/mailbox, JSON at /dev/mailbox.json.
 */
import { httpPaths } from '@ac/protocol/http-paths';
import type { FastifyInstance } from 'fastify';
import type { OutboxService } from '../outbox/outbox.service.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function registerDevMailbox(app: FastifyInstance, outbox: Pick<OutboxService, 'latestMessages'>) {
  app.get(httpPaths.devMailboxJson, async () => ({ rows: await outbox.latestMessages(100) }));
  app.get(httpPaths.devMailbox, async (_req, reply) => {
    const rows = await outbox.latestMessages(100);
    const items = rows
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">${m.channel} to ${escapeHtml(m.recipient)} · ${m.createdAt.toISOString()}</p><pre>${escapeHtml(m.body)}</pre></article>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title><style>body{font:14px system-ui;margin:2rem;max-width:60rem}article{border:1px solid #ddd;border-radius:6px;padding:1rem;margin:1rem 0}.meta{color:#666}pre{white-space:pre-wrap}</style></head><body><h1>Dev mailbox</h1><p>Mail and SMS recorded by the outbox (only with DEV_MAILBOX=true, never in production).</p>${items || '<p>No messages yet.</p>'}</body></html>`,
      );
  });
}
