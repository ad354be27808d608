import { Link } from 'react-router';
import { pageTexts } from '@contract/page-texts';
import { pagePaths } from '@contract/pages';
import type { Product } from '@contract/products';
import { PartPicture } from '../../../components/PartPicture';
import { formatPrice } from '../../../lib/store-config';
import { FitmentBadge } from '../../catalogue';

/**
 * One card a row on phones, two from 768 px, three from 992 px, in a container at most 1320 px
 * wide. Below 576 px the card lies on its side and its picture takes 40% of it.
 */
const CARD_PICTURE_SIZES =
  '(max-width: 575.98px) 40vw, (min-width: 1400px) 416px, (min-width: 992px) 31vw, (min-width: 768px) 47vw, 100vw';

/** `firstSeen`: the card shows without scrolling, so its picture is fetched at once, not lazily. */
export function ProductCard({ product, firstSeen = false }: { product: Product; firstSeen?: boolean }) {
  return (
    <article className="card product-card h-100 shadow-sm">
      <PartPicture
        className="card-img-top"
        picture={product.picture}
        alt={product.name}
        width={600}
        height={450}
        sizes={CARD_PICTURE_SIZES}
        loading={firstSeen ? 'eager' : 'lazy'}
      />
      <div className="card-body d-flex flex-column">
        <h3 className="card-title h5">{product.name}</h3>
        <p className="fs-5 fw-bold text-primary mb-2">{formatPrice(product.price)}</p>
        <FitmentBadge productId={product._id} universal={product.universal} />
        <ul className="list-unstyled small text-body-secondary mb-2">
          <li>Available: {product.availableQantity}</li>
          <li>Minimum order: {product.minimumOderQantity}</li>
        </ul>
        <p className="card-text flex-grow-1">{product.description}</p>
        <Link
          to={pagePaths.product(product._id)}
          className="btn btn-dark mt-2"
          aria-label={`${pageTexts.buyNow}: ${product.name}`}
        >
          {pageTexts.buyNow}
        </Link>
      </div>
    </article>
  );
}
