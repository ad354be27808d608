import { SORT_LABELS } from '../url-state';

/** `Sort by`: the API's sorts; `Best match` only when there are words to match. */
export function SortSelect({
  value,
  withRelevance,
  onChange,
}: {
  value: string;
  withRelevance: boolean;
  onChange: (sort: string) => void;
}) {
  const options = Object.entries(SORT_LABELS).filter(([sort]) => withRelevance || sort !== 'relevance');
  return (
    <div className="d-flex align-items-center gap-2">
      <label htmlFor="catalogue-sort" className="small text-nowrap">
        Sort by
      </label>
      <select
        id="catalogue-sort"
        className="form-select form-select-sm w-auto"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map(([sort, label]) => (
          <option key={sort} value={sort}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
