import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pagePaths } from '@contract/pages';
import type { CatalogueItem } from '@contract/products';
import { canBeOrdered } from '@contract/rules/orderable';
import { PartPicture } from '../../../components/PartPicture';
import { formatPrice } from '../../../lib/store-config';
import { AddToCartButton } from '../../cart';

/**
 * The results take three quarters of the page from 992 px: three cards a row from 1200 px, two
 * below (on a phone, two compact cards of half the screen).
 */
const CARD_PICTURE_SIZES = '(min-width: 1200px) 330px, (min-width: 576px) 360px, 50vw';

interface PartCardProps {
  part: CatalogueItem;
  badge: ReactNode;
  firstSeen: boolean;
  signedIn: boolean;
}

/**
 * A part in the catalogue's grid: picture, brand, name (the link to its page, covering the card),
 * price and stock, its fit badge, and `Add to cart` (its minimum order) when it can be ordered.
 * "In stock" means what the catalogue's filter and Add to cart mean: the minimum order is there; with
 * fewer left, the part is out of stock to a customer.
 * On a phone the card is compact, two a row: picture, name, price, fit and `Add to cart`; the brand
 * is left to the part's page, and the stock is said only when it is out.
 * `firstSeen`: shown without scrolling, its picture loads at once.
 */
export function PartCard({ part, badge, firstSeen, signedIn }: PartCardProps) {
  const nameId = `part-${part._id}`;
  return (
    <article className="card part-card h-100 shadow-sm" aria-labelledby={nameId}>
      <PartPicture
        className="card-img-top"
        picture={part.picture}
        alt={part.name}
        width={600}
        height={450}
        sizes={CARD_PICTURE_SIZES}
        loading={firstSeen ? 'eager' : 'lazy'}
      />
      <div className="card-body d-flex flex-column">
        <p className="small text-body-secondary mb-1 d-none d-sm-block">{part.brand}</p>
        <h3 className="h6 card-title" id={nameId}>
          <Link className="stretched-link text-reset text-decoration-none" to={pagePaths.part(part._id)}>
            {part.name}
          </Link>
        </h3>
        <p className="fw-bold text-primary mb-1">{formatPrice(part.price)}</p>
        {canBeOrdered(part) ? (
          <p className="small mb-2 d-none d-sm-block">In stock</p>
        ) : (
          <p className="small mb-2">Out of stock</p>
        )}
        <div className="mt-auto d-flex flex-column gap-2">
          {badge}
          <AddToCartButton part={part} signedIn={signedIn} named className="btn-sm part-card-action" />
        </div>
      </div>
    </article>
  );
}
