import { Link } from 'react-router';
import { pageNumbers, pageSearch } from '../url-state';

/** Links to the pages of a search: each a shareable address, the current one marked. */
export function Pager({
  params,
  page,
  pages,
  onTurn,
}: {
  params: URLSearchParams;
  page: number;
  pages: number;
  onTurn: () => void;
}) {
  if (pages <= 1) return null;
  const item = (target: number, text: string, label: string, disabled = false) => (
    <li className={`page-item${disabled ? ' disabled' : ''}`}>
      {disabled ? (
        <span className="page-link">{text}</span>
      ) : (
        <Link className="page-link" to={pageSearch(params, target)} aria-label={label} onClick={onTurn}>
          {text}
        </Link>
      )}
    </li>
  );
  return (
    <nav aria-label="Pages" className="mt-4">
      <ul className="pagination flex-wrap justify-content-center">
        {item(page - 1, 'Previous', 'Previous page', page <= 1)}
        {pageNumbers(page, pages).map((number, index) =>
          number === null ? (
            <li className="page-item disabled" key={`gap-${index}`}>
              <span className="page-link">…</span>
            </li>
          ) : (
            <li className={`page-item${number === page ? ' active' : ''}`} key={number}>
              <Link
                className="page-link"
                to={pageSearch(params, number)}
                aria-label={`Page ${number}`}
                aria-current={number === page ? 'page' : undefined}
                onClick={onTurn}
              >
                {number}
              </Link>
            </li>
          ),
        )}
        {item(page + 1, 'Next', 'Next page', page >= pages)}
      </ul>
    </nav>
  );
}
