import Table from 'react-bootstrap/Table';
import type { FieldError } from '@contract/errors';

/** What the file's header and lines hold besides the columns: a line that could not be read whole. */
const WHOLE_LINE = 'row';

/** The problems of a refused file, by line and column, as the store listed them. */
export function ImportErrors({ errors }: { errors: readonly FieldError[] }) {
  if (errors.length === 0) return null;
  return (
    <Table size="sm" striped bordered responsive className="mt-3">
      <caption className="caption-top">
        {errors.length === 1 ? '1 problem' : `${errors.length.toLocaleString('en-US')} problems`} to fix in the file
      </caption>
      <thead>
        <tr>
          <th scope="col">Line</th>
          <th scope="col">Column</th>
          <th scope="col">Problem</th>
        </tr>
      </thead>
      <tbody>
        {errors.map((error, index) => (
          <tr key={index}>
            <td>{error.line ?? '—'}</td>
            <td>{error.field === WHOLE_LINE ? 'the whole line' : <code>{error.field}</code>}</td>
            <td>{error.message}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
