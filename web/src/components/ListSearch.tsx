import type { FormEvent } from 'react';

interface ListSearchProps {
  /** The list searched, the form's accessible name: `Orders`. */
  list: string;
  /** The box's accessible name: `Search orders`. */
  label: string;
  placeholder: string;
  /** The search the address holds now. */
  q: string;
  onSearch: (q: string) => void;
  className?: string;
}

/** The search box of an admin list (Manage Orders, Manage Products, Make Admin): its text, trimmed, on submit. */
export function ListSearch({ list, label, placeholder, q, onSearch, className = 'mb-3' }: ListSearchProps) {
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim());
  };
  return (
    <form role="search" aria-label={list} className={`d-flex gap-2 ${className}`} onSubmit={search}>
      <input
        key={q}
        type="search"
        name="q"
        className="form-control"
        aria-label={label}
        placeholder={placeholder}
        defaultValue={q}
        maxLength={200}
      />
      <button type="submit" className="btn btn-dark">
        Search
      </button>
    </form>
  );
}
