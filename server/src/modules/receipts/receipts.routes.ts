import { calls } from '@ac/protocol/calls';
import { Code } from '@ac/protocol/codes';
import { httpPaths } from '@ac/protocol/http-paths';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../envelope/call.ts';
import { registerDownloadRoute } from '../../envelope/download-route.ts';
import type { SessionService } from '../session/session.service.ts';
import type { ReceiptsService } from './receipts.service.ts';

type Deps = { receipts: ReceiptsService; sessions: Pick<SessionService, 'resolve'> };

export function createReceiptsCalls(d: Deps) {
  return [
    defineCall(calls.receipts.billing, { handler: ({ session }) => d.receipts.billing(session.userId) }),
    defineCall(calls.receipts.setBilling, {
      rateLimit: { max: 20, timeWindow: '1 minute' },
      handler: ({ payload, session, ip, requestId }) =>
        d.receipts.setBilling(session.userId, payload, { ip, requestId }),
    }),
    defineCall(calls.receipts.ofOrder, {
      handler: ({ payload, session }) => d.receipts.ofOrder(session.userId, payload.orderNo),
    }),
  ];
}

const pdfDoc = {
  tags: ['receipts'],
  summary: 'A receipt or credit note as a PDF (overseas build)',
  description: [
    'Not an envelope call: GET with the session from the HttpOnly gstarsso_ticket cookie or `Authorization: Bearer <utoken>`; a `utoken` in the query is refused (0000015).',
    "Answers application/pdf (no-store) for one of the member's own receipts or credit notes; any other number answers 2600062.",
    `Error codes: ${[Code.tokenInLink, Code.sessionExpired, Code.receiptNotFound].join(', ')}.`,
  ].join('\n'),
};

export function registerReceiptPdfRoute(app: FastifyInstance, d: Deps) {
  registerDownloadRoute(app, {
    prefix: httpPaths.receiptPdfPrefix,
    doc: pdfDoc,
    sessions: d.sessions,
    async file(userId, number) {
      const { name, body } = await d.receipts.pdf(userId, number);
      return { name, type: 'application/pdf', body };
    },
  });
}
