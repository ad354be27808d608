import { pageTexts } from '@contract/page-texts';

/** The catalogue's card grid: one card a row on phones, two on tablets, three on wider screens. */
export const CARD_GRID_CLASS = 'row row-cols-1 row-cols-md-2 row-cols-lg-3 g-4';

/**
 * Stand-ins for a grid of cards while it loads, shaped like the cards (picture and all), so that
 * what follows the grid is already where it will stay: nothing jumps when the cards arrive.
 */
export function CardGridPlaceholder({
  count,
  picture,
  gridClass = CARD_GRID_CLASS,
}: {
  count: number;
  picture: boolean;
  /** The grid the cards will come in, when it is not the home page's. */
  gridClass?: string;
}) {
  return (
    <div role="status">
      <span className="visually-hidden">{pageTexts.loading}</span>
      <div className={gridClass} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <div className="col" key={index}>
            <div className={`card h-100 shadow-sm card-placeholder${picture ? ' with-picture' : ''}`}>
              {picture && <div className="card-img-top" />}
              <div className="card-body" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
