/**
 * A file a member downloads by a link (an invoice's PDF, the codes of an
 * order as CSV): a GET, not an envelope call, so a plain link works. The
 * session comes from the HttpOnly gstarsso_ticket cookie the browser sends
 * with the same-origin link, or — for a CAD client, which has no cookie —
 * from `Authorization: Bearer <utoken>`; never from the link, which ends up
 * in histories and logs: a `utoken` in the query is refused (0000015;
 * docs/protocol.md#downloads). A refusal goes through the one error handler
 * and answers the envelope error in clear. The file is never cached and
 * always saved, never shown inline.
 */
import { Code } from '@ac/protocol/codes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { TICKET_COOKIE } from '../lib/ticket-cookie.ts';
import type { EnvelopeSessions } from './envelope.plugin.ts';

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

/** The download's session token: the Bearer header, else the ticket cookie; a token in the link is refused. */
export function downloadTokenOf(req: FastifyRequest): string | undefined {
  const query = req.query as Record<string, unknown> | undefined;
  if (query && Object.hasOwn(query, 'utoken')) throw new AppError(Code.tokenInLink);
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  return bearer || req.cookies?.[TICKET_COOKIE] || undefined;
}

export function registerDownloadRoute(app: FastifyInstance, r: DownloadRoute) {
  app.get<{ Params: { id: string } }>(
    `${r.prefix}/:id`,
    { schema: r.doc, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (req, reply) => {
      const session = await r.sessions.resolve(downloadTokenOf(req));
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
