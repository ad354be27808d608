import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, API_PREFIX } from '@contract/paths';
import type { CatalogueImportResult } from '@contract/shop-admin';
import { accessToken } from '../../lib/access-token';
import { ApiError, errorFrom } from '../../lib/api-client';
import { productKeys } from '../products';

const CSV_URL = `${API_PREFIX}${apiPaths.catalogueCsv}`;

/** Where an import is: the file going up (its share sent), then the store checking and saving it. */
export type ImportPhase = { step: 'uploading'; percent: number } | { step: 'checking' };

const authorization = (): Record<string, string> => {
  const token = accessToken.get();
  return token ? { authorization: `Bearer ${token}` } : {};
};

/**
 * Sends a catalogue file (`POST /api/admin/catalogue.csv`), telling `onPhase` how far it is: through
 * XMLHttpRequest, whose upload events give the progress fetch cannot. Refusals come back as the app's
 * one error type, with the file's problems as field errors (each with its line).
 */
export function uploadCatalogue(file: Blob, onPhase: (phase: ImportPhase) => void): Promise<CatalogueImportResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', CSV_URL);
    request.setRequestHeader('accept', 'application/json');
    // Whatever the browser calls the file's type (Windows says application/vnd.ms-excel), it is CSV.
    request.setRequestHeader('content-type', 'text/csv');
    for (const [name, value] of Object.entries(authorization())) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable)
        onPhase({ step: 'uploading', percent: Math.round((event.loaded / event.total) * 100) });
    });
    request.upload.addEventListener('load', () => onPhase({ step: 'checking' }));
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        resolve(JSON.parse(request.responseText) as CatalogueImportResult);
        return;
      }
      const answer = new Response(request.responseText, { status: request.status, statusText: request.statusText });
      void errorFrom(answer).then(reject);
    });
    request.addEventListener('error', () =>
      reject(new ApiError(0, 'NETWORK_ERROR', 'The file could not be sent. Check the connection and try again.')),
    );
    request.send(file);
  });
}

/** How long the browser keeps the downloaded file's address: it must outlive the click that saves it. */
const DOWNLOAD_URL_LIFETIME_MS = 10_000;

/**
 * `GET /api/admin/catalogue.csv` with the admin's token (a plain link could not send it), saved as
 * the file the server names.
 */
export async function downloadCatalogue(): Promise<void> {
  const response = await fetch(CSV_URL, { headers: { accept: 'text/csv', ...authorization() } });
  if (!response.ok) throw await errorFrom(response);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'catalogue.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}

/** An import, and the catalogue's reads refreshed after it changed parts. */
export function useImportCatalogue(onPhase: (phase: ImportPhase) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadCatalogue(file, onPhase),
    onSuccess: (result) =>
      result.created + result.updated > 0 ? queryClient.invalidateQueries({ queryKey: productKeys.all }) : undefined,
  });
}
