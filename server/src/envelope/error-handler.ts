/**
 * The one error handler: catalogue codes for every failure, the envelope's
 * answer shape, never a stack trace; unexpected faults are logged and
 * answered 0000001.
 */
import { Code, catalogue, type TCode } from '@ac/protocol/codes';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { errorAnswer } from './answer.ts';

const BAD_REQUEST_CODES = new Set([
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_BODY_PARSER_NOT_FOUND',
]);

function classify(err: FastifyError): { code: TCode; msg?: string } {
  if (err instanceof AppError) return { code: err.code, msg: err.message };
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { code: Code.payloadTooLarge };
  if (err.statusCode === 429) return { code: Code.tooManyRequests };
  if (BAD_REQUEST_CODES.has(err.code) || err instanceof SyntaxError) return { code: Code.badEnvelope };
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return { code: Code.badEnvelope };
  return { code: Code.requestFailed };
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const { code, msg } = classify(err);
    const status = catalogue[code].status;
    if (status >= 500) req.log.error({ err }, 'request failed');
    else req.log.info({ code, reason: err.message }, 'request refused');
    return reply
      .status(status)
      .header('cache-control', 'no-store')
      .send(errorAnswer(req.signedEnvelope, code, msg ?? catalogue[code].message));
  });
}
