import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes, errorResponseSchema, idParamsSchema } from '../../contract/index.js';
import { invoiceFileName } from '../../contract/invoices.js';
import { signedInUser, type Guards } from '../auth/guards.js';
import { AppError } from '../http/errors.js';
import type { OrderService } from '../orders/service.js';
import { isInvoiced, renderInvoice, type InvoiceStore } from './pdf.js';

interface InvoiceRoutesOptions {
  orders: OrderService;
  guards: Guards;
  store: InvoiceStore;
}

/**
 * The answer: the PDF's bytes. Fastify sends a Buffer as it is (no serializer runs); the schema
 * types the handler and tells the OpenAPI document it is a PDF, not JSON.
 */
const invoicePdfSchema = z.instanceof(Buffer).meta({
  description: 'The invoice',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
});

/**
 * A paid order's invoice as a PDF, for whoever may see the order (its owner or an admin: the
 * orders service's rule). Made on each request from the order as it was paid, never stored.
 */
export const invoiceRoutes: FastifyPluginAsyncZod<InvoiceRoutesOptions> = async (app, { orders, guards, store }) => {
  app.get(
    apiRoutes.orderInvoice,
    {
      onRequest: guards.requireUser,
      schema: {
        summary: "A paid order's invoice (application/pdf), for its owner or an admin; 409 while the order is unpaid",
        params: idParamsSchema,
        response: {
          200: invoicePdfSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const order = await orders.visibleTo(signedInUser(request), request.params.id);
      if (!isInvoiced(order)) throw new AppError('invoiceNotIssued');
      const pdf = await renderInvoice(order, store);
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${invoiceFileName(order.invoiceNumber)}"`)
          // Someone's address and what they bought: never kept by a shared cache.
          .header('cache-control', 'private, no-store')
          .send(pdf)
      );
    },
  );
};
