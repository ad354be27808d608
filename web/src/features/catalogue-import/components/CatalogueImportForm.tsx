import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import {
  CATALOGUE_CSV_EXPORT_COLUMNS,
  CATALOGUE_CSV_EXPORTED_STOCK,
  type CatalogueImportResult,
} from '@contract/shop-admin';
import { ServerError } from '../../../components/ServerError';
import { ApiError } from '../../../lib/api-client';
import { useImportCatalogue, type ImportPhase } from '../api';
import { ImportErrors } from './ImportErrors';

function Progress({ phase }: { phase: ImportPhase }) {
  const uploading = phase.step === 'uploading';
  const words = uploading ? `Uploading the file: ${phase.percent}%` : 'Checking and saving the parts…';
  return (
    <div className="mt-3">
      <ProgressBar>
        <ProgressBar
          now={uploading ? phase.percent : 100}
          striped={!uploading}
          animated={!uploading}
          aria-label="Import progress"
          aria-valuetext={words}
        />
      </ProgressBar>
      <p className="small mt-1 mb-0" role="status">
        {words}
      </p>
    </div>
  );
}

const summary = ({ created, updated }: CatalogueImportResult) =>
  created + updated === 0
    ? 'Nothing to change: every part of the file is already in the catalogue as it says.'
    : `Imported: ${created} ${created === 1 ? 'part' : 'parts'} added, ${updated} updated.`;

/**
 * The catalogue's import: a CSV file with the export's columns goes up with its progress shown; the
 * store checks every line and either saves them all or lists each line's problems.
 */
export function CatalogueImportForm() {
  const [file, setFile] = useState<File | undefined>();
  const [missingFile, setMissingFile] = useState(false);
  const [phase, setPhase] = useState<ImportPhase | undefined>();
  const importing = useImportCatalogue(setPhase);
  const refusal = importing.error instanceof ApiError ? importing.error : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file) {
      setMissingFile(true);
      return;
    }
    setPhase({ step: 'uploading', percent: 0 });
    importing.mutate(file, { onSettled: () => setPhase(undefined) });
  };

  return (
    <Form aria-label="Import catalogue" noValidate onSubmit={submit}>
      <Form.Group className="mb-3" controlId="catalogue-file">
        <Form.Label>CSV file</Form.Label>
        <Form.Control
          type="file"
          accept=".csv,text/csv"
          isInvalid={missingFile}
          disabled={importing.isPending}
          onChange={(event) => {
            setFile((event.currentTarget as HTMLInputElement).files?.[0]);
            setMissingFile(false);
          }}
        />
        <Form.Control.Feedback type="invalid">Choose a CSV file to import</Form.Control.Feedback>
        <Form.Text>
          The export&apos;s columns: <code>{CATALOGUE_CSV_EXPORT_COLUMNS.join(',')}</code>. A line whose sku is in the
          catalogue updates that part; any other adds one. Fitment is <code>universal</code> or{' '}
          <code>Make|Model|2015-2019</code> items separated by <code>;</code>.{' '}
          <code>{CATALOGUE_CSV_EXPORTED_STOCK}</code> is the stock when the file was exported: what you change in{' '}
          <code>availableQantity</code> is added or taken away, so orders since then stay counted (leave it empty to set
          the stock as written). Nothing is saved unless every line is right.
        </Form.Text>
      </Form.Group>
      <Button type="submit" disabled={importing.isPending}>
        Import
      </Button>
      {phase && <Progress phase={phase} />}
      {importing.isSuccess && (
        <Alert variant="success" className="mt-3 mb-0">
          {summary(importing.data)}
        </Alert>
      )}
      {importing.isError && (
        <>
          <ServerError message={refusal?.message ?? 'The import failed. Please try again.'} />
          <ImportErrors errors={refusal?.fieldErrors ?? []} />
        </>
      )}
    </Form>
  );
}
