/** The codes of one of my redeem-code orders as CSV, downloaded by a link (envelope/download-route.ts). */
import { Code } from '@ac/protocol/codes';
import { httpPaths } from '@ac/protocol/http-paths';
import type { FastifyInstance } from 'fastify';
import { registerDownloadRoute } from '../../envelope/download-route.ts';
import type { SessionService } from '../session/session.service.ts';
import type { RedeemPurchaseService } from './redeem-purchase.service.ts';

type Deps = { redeemPurchases: Pick<RedeemPurchaseService, 'csv'>; sessions: Pick<SessionService, 'resolve'> };

const csvDoc = {
  tags: ['redeem'],
  summary: 'The codes of one of my redeem-code orders as CSV',
  description: [
    'Not an envelope call: GET with the session from the HttpOnly gstarsso_ticket cookie or `Authorization: Bearer <utoken>`; a `utoken` in the query is refused (0000015).',
    'Answers text/csv in UTF-8 with a byte order mark (no-store): order, serial number, code, goods, days, state, valid to, redeemed at, redeemed by, handed to.',
    `Error codes: ${[Code.tokenInLink, Code.sessionExpired, Code.orderNotFound].join(', ')}.`,
  ].join('\n'),
};

export function registerRedeemCsvRoute(app: FastifyInstance, d: Deps) {
  registerDownloadRoute(app, {
    prefix: httpPaths.redeemCodesCsvPrefix,
    doc: csvDoc,
    sessions: d.sessions,
    async file(userId, id) {
      const { orderNo, text } = await d.redeemPurchases.csv(userId, id);
      const name = `redeem-codes-${orderNo.replace(/[^A-Za-z0-9_-]/g, '')}.csv`;
      return { name, type: 'text/csv; charset=utf-8', body: text };
    },
  });
}
