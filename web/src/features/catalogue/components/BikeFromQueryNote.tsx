import { useId } from 'react';
import type { BikeFromQuery } from '@contract/catalogue';
import { bikeFromQueryText } from '@contract/catalogue-names';

/**
 * The bike the search's words named (`cbr600rr front pads`), said above the list: its year to
 * choose when the words gave none (the list then covers every year), and the way back to the words
 * as plain text.
 */
export function BikeFromQueryNote({
  bike,
  q,
  onChooseYear,
  onWordsAsText,
}: {
  bike: BikeFromQuery;
  /** The words as typed. */
  q: string;
  onChooseYear: (year: BikeFromQuery['years'][number]) => void;
  onWordsAsText: () => void;
}) {
  const yearId = useId();
  const model = `${bike.make} ${bike.model}`;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 bg-body-tertiary rounded p-2 mb-3">
      <p className="mb-0 me-auto">
        {bikeFromQueryText(bike.label)}
        {bike.text && ` matching “${bike.text}”`}
      </p>
      <label htmlFor={yearId} className="visually-hidden">
        Year of the {model}
      </label>
      <select
        id={yearId}
        className="form-select form-select-sm w-auto"
        value={bike.year ?? ''}
        onChange={(event) => {
          const chosen = bike.years.find(({ year }) => String(year) === event.target.value);
          if (chosen) onChooseYear(chosen);
        }}
      >
        {bike.year === undefined && <option value="">Any year</option>}
        {bike.years.map(({ year }) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
      <button type="button" className="btn btn-sm btn-outline-dark" onClick={onWordsAsText}>
        Search “{q}” as words
      </button>
    </div>
  );
}
