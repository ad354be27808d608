import type { FormEvent } from 'react';
import { MAX_CATALOGUE_QUERY_LENGTH } from '@contract/catalogue-names';

/** /parts's own search box (the navbar's is hidden behind the menu on a phone). */
export function SearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim());
  };
  return (
    <form role="search" aria-label="Catalogue" className="d-flex gap-2 mb-3" onSubmit={submit}>
      <input
        key={q}
        type="search"
        name="q"
        className="form-control"
        aria-label="Search the catalogue"
        placeholder="Name, brand or part number"
        defaultValue={q}
        maxLength={MAX_CATALOGUE_QUERY_LENGTH}
      />
      <button type="submit" className="btn btn-dark">
        Search
      </button>
    </form>
  );
}
