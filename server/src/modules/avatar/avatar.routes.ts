/**
 * The avatar upload calls are multipart forms, not envelopes (docs/product.md#calls): the
 * session comes from `utoken` or the gstarsso_ticket cookie, the answer has
 * the envelope's shape `{code, msg, bizData:{favicon}}` with bizData in
 * clear, and errors go through the one error handler.
 */

import { Code, catalogue } from '@ac/protocol/codes';
import { httpPaths } from '@ac/protocol/http-paths';
import { AVATAR_MAX_BYTES } from '@ac/protocol/profile';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config.ts';
import { assertOrigin, tokenOf } from '../../envelope/envelope.plugin.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionService } from '../session/session.service.ts';
import { AVATAR_PATH, type AvatarService } from './avatar.service.ts';

type Deps = { avatars: AvatarService; sessions: Pick<SessionService, 'resolve'>; config: Config };

export const AVATAR_UPLOAD_PATHS = httpPaths.avatarUploads;

/**
 * A form the multipart parser cannot read (no or an empty boundary, the body
 * ending inside a part) is the client's broken request: 0000003, not a 500.
 */
function unreadableForm(e: unknown): AppError {
  if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(Code.avatarTooLarge);
  return new AppError(Code.badEnvelope, `bad multipart form: ${(e as Error).message}`);
}

/** The one part named `file`, read whole (the multipart limit stops it at 2 MB). */
async function readFilePart(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError(Code.avatarMissing);
  const part = await req.file().catch((e: unknown) => {
    throw unreadableForm(e);
  });
  if (part?.fieldname !== 'file') throw new AppError(Code.avatarMissing);
  try {
    return await part.toBuffer();
  } catch (e) {
    throw unreadableForm(e);
  }
}

const uploadDoc = {
  tags: ['profile'],
  summary: 'Upload the avatar (multipart field `file`)',
  description: [
    'Not an envelope call: `multipart/form-data` with one part `file`, the session from `?utoken=` or the',
    'gstarsso_ticket cookie. JPEG or PNG (checked by content), 150x150, 200x200 or 300x300 px, under',
    `${AVATAR_MAX_BYTES} bytes; re-encoded without metadata. Answer in clear: \`{code, msg, bizData:{favicon}}\`.`,
    `Error codes: ${[Code.badEnvelope, Code.sessionExpired, Code.avatarMissing, Code.avatarType, Code.avatarDimensions, Code.avatarTooLarge].join(', ')}.`,
  ].join('\n'),
};

export function registerAvatarRoutes(app: FastifyInstance, d: Deps) {
  for (const path of AVATAR_UPLOAD_PATHS) {
    app.post(
      path,
      { schema: uploadDoc, config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
      async (req, reply) => {
        assertOrigin(req, d.config);
        const session = await d.sessions.resolve(tokenOf(req));
        const file = await readFilePart(req);
        const favicon = await d.avatars.upload(session.userId, file, { ip: req.ip, requestId: req.id });
        reply.header('cache-control', 'no-store');
        return { code: Code.ok, msg: catalogue[Code.ok].message, bizData: { favicon } };
      },
    );
  }

  app.get<{ Params: { name: string } }>(
    `${AVATAR_PATH}:name`,
    { schema: { tags: ['profile'], summary: 'An avatar image (public, immutable, random name)' } },
    async (req, reply) => {
      const file = await d.avatars.read(req.params.name);
      if (!file) throw new AppError(Code.notFound);
      return reply
        .type(file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.data);
    },
  );
}
