import { useMutation } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { ServerError } from '../../../components/ServerError';
import { downloadCatalogue } from '../api';

/** The whole catalogue as a CSV file: the file an import takes, to edit in a spreadsheet. */
export function ExportCatalogueButton() {
  const exporting = useMutation({ mutationFn: downloadCatalogue });
  return (
    <div>
      <Button variant="outline-primary" disabled={exporting.isPending} onClick={() => exporting.mutate()}>
        {exporting.isPending ? 'Exporting…' : 'Export catalogue (CSV)'}
      </Button>
      <ServerError message={exporting.error?.message} />
    </div>
  );
}
