import { Link } from 'react-router';
import { filterParams, type OrderFilter } from '../url-state';

/** Previous and next page of Manage Orders, each an address of its own. */
export function OrderPager({ filter, pages }: { filter: OrderFilter; pages: number }) {
  if (pages <= 1) return null;
  const to = (page: number) => ({ search: filterParams({ ...filter, page }).toString() });
  const turn = (page: number, text: string, disabled: boolean) => (
    <li className={`page-item${disabled ? ' disabled' : ''}`}>
      {disabled ? (
        <span className="page-link">{text}</span>
      ) : (
        <Link className="page-link" to={to(page)}>
          {text}
        </Link>
      )}
    </li>
  );
  return (
    <nav aria-label="Pages" className="d-flex align-items-center gap-3">
      <ul className="pagination mb-0">
        {turn(filter.page - 1, 'Previous', filter.page <= 1)}
        {turn(filter.page + 1, 'Next', filter.page >= pages)}
      </ul>
      <span>
        Page {filter.page} of {pages}
      </span>
    </nav>
  );
}
