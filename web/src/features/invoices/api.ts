import { invoiceFileName } from '@contract/invoices';
import { apiPaths } from '@contract/paths';
import { apiDownload, saveFile } from '../../lib/api-client';

/**
 * `GET /api/myOrder/{id}/invoice.pdf` with the bearer token (a plain link could not send it), saved
 * as the file the server names.
 */
export async function downloadInvoice(orderId: string, invoiceNumber: number): Promise<void> {
  const { blob, fileName } = await apiDownload(apiPaths.orderInvoice(orderId), 'application/pdf');
  saveFile(blob, fileName ?? invoiceFileName(invoiceNumber));
}
