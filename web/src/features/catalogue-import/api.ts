import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@contract/paths';
import type { CatalogueImportResult } from '@contract/shop-admin';
import { apiDownload, apiUpload, saveFile } from '../../lib/api-client';
import { productKeys } from '../../lib/query-keys';

/** Where an import is: the file going up (its share sent), then the store checking and saving it. */
export type ImportPhase = { step: 'uploading'; percent: number } | { step: 'checking' };

/**
 * Sends a catalogue file (`POST /api/admin/catalogue.csv`), telling `onPhase` how far it is.
 * Refusals come back as the app's one error type, with the file's problems as field errors (each
 * with its line).
 */
export function uploadCatalogue(file: Blob, onPhase: (phase: ImportPhase) => void): Promise<CatalogueImportResult> {
  return apiUpload<CatalogueImportResult>(apiPaths.catalogueCsv, file, {
    // Whatever the browser calls the file's type (Windows says application/vnd.ms-excel), it is CSV.
    contentType: 'text/csv',
    onProgress: (percent) => onPhase({ step: 'uploading', percent }),
    onSent: () => onPhase({ step: 'checking' }),
  });
}

/**
 * `GET /api/admin/catalogue.csv` with the admin's token (a plain link could not send it), saved as
 * the file the server names.
 */
export async function downloadCatalogue(): Promise<void> {
  const { blob, fileName } = await apiDownload(apiPaths.catalogueCsv, 'text/csv');
  saveFile(blob, fileName ?? 'catalogue.csv');
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
