import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pagePaths } from '@contract/pages';
import type { CatalogueItem } from '@contract/products';
import { formatPrice } from '../../../lib/store-config';

/**
 * A part in the catalogue's grid: picture, brand, name (the link to its page, covering the card),
 * price and stock, and its fit badge. `firstSeen`: shown without scrolling, its picture loads at once.
 */
export function PartCard({ part, badge, firstSeen }: { part: CatalogueItem; badge: ReactNode; firstSeen: boolean }) {
  const nameId = `part-${part._id}`;
  return (
    <article className="card part-card h-100 shadow-sm" aria-labelledby={nameId}>
      <img
        className="card-img-top"
        src={part.picture}
        alt={part.name}
        width={600}
        height={450}
        loading={firstSeen ? 'eager' : 'lazy'}
      />
      <div className="card-body d-flex flex-column">
        <p className="small text-body-secondary mb-1">{part.brand}</p>
        <h3 className="h6 card-title" id={nameId}>
          <Link className="stretched-link text-reset text-decoration-none" to={pagePaths.part(part._id)}>
            {part.name}
          </Link>
        </h3>
        <p className="fw-bold text-primary mb-1">{formatPrice(part.price)}</p>
        <p className="small mb-2">{part.availableQantity > 0 ? 'In stock' : 'Out of stock'}</p>
        {badge && <div className="mt-auto">{badge}</div>}
      </div>
    </article>
  );
}
