import { Link } from 'react-router';

interface PagerProps {
  page: number;
  pages: number;
  /** The address's query for another page of the same list (its filter kept). */
  search: (page: number) => string;
}

/** Previous and next page of a list kept in the address (Manage Orders, Manage Products), each an address of its own. */
export function Pager({ page, pages, search }: PagerProps) {
  if (pages <= 1) return null;
  const turn = (to: number, text: string, disabled: boolean) => (
    <li className={`page-item${disabled ? ' disabled' : ''}`}>
      {disabled ? (
        <span className="page-link">{text}</span>
      ) : (
        <Link className="page-link" to={{ search: search(to) }}>
          {text}
        </Link>
      )}
    </li>
  );
  return (
    <nav aria-label="Pages" className="d-flex align-items-center gap-3">
      <ul className="pagination mb-0">
        {turn(page - 1, 'Previous', page <= 1)}
        {turn(page + 1, 'Next', page >= pages)}
      </ul>
      <span>
        Page {page} of {pages}
      </span>
    </nav>
  );
}
