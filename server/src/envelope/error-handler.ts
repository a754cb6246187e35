/**
 * The one error handler: catalogue codes for every failure, the envelope's
 * answer shape, never a stack trace; a database that cannot be reached is
 * answered 0000014 (503, try again), other unexpected faults are logged and
 * answered 0000001.
 */
import { Code, catalogue, type TCode } from '@ac/protocol/codes';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';
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
  // the database is restarting or unreachable: a retry soon may work (docs/decisions/0031-faults.md)
  if (isDatabaseUnavailable(err)) return { code: Code.serviceUnavailable };
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return { code: Code.badEnvelope };
  return { code: Code.requestFailed };
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const { code, msg } = classify(err);
    const status = catalogue[code].status;
    if (code === Code.serviceUnavailable) req.log.warn({ reason: err.message }, 'database unavailable');
    else if (status >= 500) req.log.error({ err }, 'request failed');
    else req.log.info({ code, reason: err.message }, 'request refused');
    if (code === Code.serviceUnavailable) reply.header('retry-after', '1');
    return reply
      .status(status)
      .header('cache-control', 'no-store')
      .send(errorAnswer(req.signedEnvelope, code, msg ?? catalogue[code].message));
  });
}
