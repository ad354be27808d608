import { Link } from 'react-router';
import { pageTexts } from '@contract/page-texts';
import { pagePaths } from '@contract/pages';
import { FetchError } from '../../../components/FetchError';
import { CARD_GRID_CLASS, CardGridPlaceholder } from '../../../components/CardGridPlaceholder';
import { useNewestProducts } from '../api';
import { ProductCard } from './ProductCard';

export const HOME_PRODUCT_COUNT = 6;
/** The first row (three cards on wide screens) shows without scrolling: its pictures load at once. */
const FIRST_ROW = 3;

export function OurParts() {
  const products = useNewestProducts(HOME_PRODUCT_COUNT);
  return (
    <section aria-labelledby="our-parts">
      <h2 id="our-parts" className="section-title">
        {pageTexts.ourParts}
      </h2>
      {products.isPending ? (
        <CardGridPlaceholder count={HOME_PRODUCT_COUNT} picture />
      ) : products.isError ? (
        <FetchError what="the parts" error={products.error} onRetry={() => void products.refetch()} />
      ) : (
        <div className={CARD_GRID_CLASS}>
          {products.data.map((product, index) => (
            <div className="col" key={product._id}>
              <ProductCard product={product} firstSeen={index < FIRST_ROW} />
            </div>
          ))}
        </div>
      )}
      <p className="text-center mt-4">
        <Link className="btn btn-outline-dark" to={pagePaths.parts}>
          Browse all parts
        </Link>
      </p>
    </section>
  );
}
