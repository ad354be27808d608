import type { FieldError } from '@contract/errors';
import { Cell, StackedRow, StackedTable } from '../../../components/StackedTable';

/** What the file's header and lines hold besides the columns: a line that could not be read whole. */
const WHOLE_LINE = 'row';

/** The problems of a refused file, by line and column, as the store listed them. */
export function ImportErrors({ errors }: { errors: readonly FieldError[] }) {
  if (errors.length === 0) return null;
  return (
    <StackedTable
      className="table-sm table-striped table-bordered mt-3"
      columns={['Line', 'Column', 'Problem']}
      caption={`${errors.length === 1 ? '1 problem' : `${errors.length.toLocaleString('en-US')} problems`} to fix in the file`}
      showCaption
    >
      {errors.map((error, index) => (
        <StackedRow key={index}>
          <Cell label="Line">{error.line ?? '—'}</Cell>
          <Cell label="Column">{error.field === WHOLE_LINE ? 'the whole line' : <code>{error.field}</code>}</Cell>
          <Cell label="Problem">{error.message}</Cell>
        </StackedRow>
      ))}
    </StackedTable>
  );
}
