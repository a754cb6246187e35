/**
 * The codes of one of my redeem-code orders as CSV: a GET, not an envelope call, so a link can
 * download it. The session comes from `?utoken=` or the gstarsso_ticket cookie; errors go
 * through the one error handler.
 */
import { Code } from '@ac/protocol/codes';
import { httpPaths } from '@ac/protocol/http-paths';
import type { FastifyInstance } from 'fastify';
import { tokenOf } from '../../envelope/envelope.plugin.ts';
import type { SessionService } from '../session/session.service.ts';
import type { RedeemPurchaseService } from './redeem-purchase.service.ts';

type Deps = { redeemPurchases: Pick<RedeemPurchaseService, 'csv'>; sessions: Pick<SessionService, 'resolve'> };

const csvDoc = {
  tags: ['redeem'],
  summary: 'The codes of one of my redeem-code orders as CSV',
  description: [
    'Not an envelope call: GET with the session from `?utoken=` or the gstarsso_ticket cookie.',
    'Answers text/csv in UTF-8 with a byte order mark (no-store): order, serial number, code, goods, days, state, valid to, redeemed at, redeemed by, handed to.',
    `Error codes: ${[Code.sessionExpired, Code.orderNotFound].join(', ')}.`,
  ].join('\n'),
};

export function registerRedeemCsvRoute(app: FastifyInstance, d: Deps) {
  app.get<{ Params: { orderNo: string } }>(
    `${httpPaths.redeemCodesCsvPrefix}/:orderNo`,
    { schema: csvDoc, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (req, reply) => {
      const session = await d.sessions.resolve(tokenOf(req));
      const { orderNo, text } = await d.redeemPurchases.csv(session.userId, req.params.orderNo);
      const name = `redeem-codes-${orderNo.replace(/[^A-Za-z0-9_-]/g, '')}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(text);
    },
  );
}
