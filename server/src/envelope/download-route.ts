/**
 * A file a member downloads by a link (an invoice's PDF, the codes of an
 * order as CSV): a GET, not an envelope call, so a plain link works. The
 * session comes from `?utoken=` or the gstarsso_ticket cookie; a refusal
 * goes through the one error handler and answers the envelope error in
 * clear. The file is never cached and always saved, never shown inline.
 */
import type { FastifyInstance } from 'fastify';
import { type EnvelopeSessions, tokenOf } from './envelope.plugin.ts';

export type DownloadFile = { name: string; type: string; body: string | Buffer };

export type DownloadRoute = {
  /** The path prefix (httpPaths); the route is `<prefix>/:id`. */
  prefix: string;
  /** The OpenAPI entry: tags, summary, description. */
  doc: { tags: string[]; summary: string; description: string };
  sessions: EnvelopeSessions;
  /** The file `id` names for this user; throws an AppError when there is none. */
  file(userId: string, id: string): Promise<DownloadFile>;
};

export function registerDownloadRoute(app: FastifyInstance, r: DownloadRoute) {
  app.get<{ Params: { id: string } }>(
    `${r.prefix}/:id`,
    { schema: r.doc, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (req, reply) => {
      const session = await r.sessions.resolve(tokenOf(req));
      const file = await r.file(session.userId, req.params.id);
      return reply
        .type(file.type)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .send(file.body);
    },
  );
}
