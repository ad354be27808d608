import { invoiceFileName } from '@contract/invoices';
import { API_PREFIX, apiPaths } from '@contract/paths';
import { accessToken } from '../../lib/access-token';
import { errorFrom } from '../../lib/api-client';

/** How long the browser keeps the downloaded file's address: it must outlive the click that saves it. */
const DOWNLOAD_URL_LIFETIME_MS = 10_000;

/**
 * `GET /api/myOrder/{id}/invoice.pdf` with the bearer token (a plain link could not send it), saved
 * as the file the server names. Saved rather than opened in a tab: a tab opened after the download
 * is no longer the click's, and browsers block it.
 */
export async function downloadInvoice(orderId: string, invoiceNumber: number): Promise<void> {
  const token = accessToken.get();
  const response = await fetch(`${API_PREFIX}${apiPaths.orderInvoice(orderId)}`, {
    headers: { accept: 'application/pdf', ...(token && { authorization: `Bearer ${token}` }) },
  });
  if (!response.ok) throw await errorFrom(response);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? invoiceFileName(invoiceNumber);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}
