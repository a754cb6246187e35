/**
 * The issued invoice's PDF, downloaded by a link (envelope/download-route.ts).
 */
import { Code } from '@ac/protocol/codes';
import { httpPaths } from '@ac/protocol/http-paths';
import type { FastifyInstance } from 'fastify';
import { registerDownloadRoute } from '../../envelope/download-route.ts';
import type { SessionService } from '../session/session.service.ts';
import type { InvoiceService } from './invoice.service.ts';

type Deps = { invoices: Pick<InvoiceService, 'pdf'>; sessions: Pick<SessionService, 'resolve'> };

const pdfDoc = {
  tags: ['invoice'],
  summary: 'An issued invoice as a PDF (China build)',
  description: [
    'Not an envelope call: GET with the session from the HttpOnly gstarsso_ticket cookie or `Authorization: Bearer <utoken>`; a `utoken` in the query is refused (0000015).',
    'Answers application/pdf (no-store) once the invoice is issued — or application/ofd when finance uploaded an OFD (INVOICING_PROVIDER=manual); otherwise the envelope error in clear.',
    `Error codes: ${[Code.tokenInLink, Code.sessionExpired, Code.invoiceNotFound, Code.invoicePdfNotReady].join(', ')}.`,
  ].join('\n'),
};

export function registerInvoicePdfRoute(app: FastifyInstance, d: Deps) {
  registerDownloadRoute(app, {
    prefix: httpPaths.invoicePdfPrefix,
    doc: pdfDoc,
    sessions: d.sessions,
    async file(userId, id) {
      const { invoiceNo, data, contentType } = await d.invoices.pdf(userId, id);
      const ext = contentType === 'application/ofd' ? 'ofd' : 'pdf';
      return { name: `invoice-${invoiceNo}.${ext}`, type: contentType, body: data };
    },
  });
}
