/**
 * The issued invoice's PDF: a GET, not an envelope call, so a link can
 * download it. The session comes from `?utoken=` or the gstarsso_ticket
 * cookie; errors go through the one error handler.
 */
import { Code } from '@ac/protocol/codes';
import { httpPaths } from '@ac/protocol/http-paths';
import type { FastifyInstance } from 'fastify';
import { tokenOf } from '../../envelope/envelope.plugin.ts';
import type { SessionService } from '../session/session.service.ts';
import type { InvoiceService } from './invoice.service.ts';

type Deps = { invoices: Pick<InvoiceService, 'pdf'>; sessions: Pick<SessionService, 'resolve'> };

const pdfDoc = {
  tags: ['invoice'],
  summary: 'An issued invoice as a PDF (China build)',
  description: [
    'Not an envelope call: GET with the session from `?utoken=` or the gstarsso_ticket cookie.',
    'Answers application/pdf (no-store) once the invoice is issued; otherwise the envelope error in clear.',
    `Error codes: ${[Code.sessionExpired, Code.invoiceNotFound, Code.invoicePdfNotReady].join(', ')}.`,
  ].join('\n'),
};

export function registerInvoicePdfRoute(app: FastifyInstance, d: Deps) {
  app.get<{ Params: { invoiceNo: string } }>(
    `${httpPaths.invoicePdfPrefix}/:invoiceNo`,
    { schema: pdfDoc, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (req, reply) => {
      const session = await d.sessions.resolve(tokenOf(req));
      const { invoiceNo, data } = await d.invoices.pdf(session.userId, req.params.invoiceNo);
      return reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="invoice-${invoiceNo}.pdf"`)
        .send(data);
    },
  );
}
