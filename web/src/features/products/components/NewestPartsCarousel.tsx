import Carousel from 'react-bootstrap/Carousel';
import { Link } from 'react-router';
import { pageTexts } from '@contract/page-texts';
import { pagePaths } from '@contract/pages';
import { PartPicture } from '../../../components/PartPicture';
import { formatPrice } from '../../../lib/store-config';
import { useNewestProducts } from '../api';

/** Spec section 9: the dashboard carousel turns every 5000 ms; Bootstrap's swipe threshold is 40 px. */
export const DASHBOARD_CAROUSEL_INTERVAL_MS = 5000;
const SLIDES = 3;

/** The newest parts, on the dashboard: what a returning customer has not seen yet. */
export function NewestPartsCarousel() {
  const products = useNewestProducts(SLIDES);
  if (!products.data || products.data.length === 0) return null;
  return (
    <section aria-labelledby="newest-parts" className="mt-4">
      <h3 id="newest-parts" className="h5 mb-3">
        New in the catalogue
      </h3>
      <Carousel
        className="dashboard-carousel"
        interval={DASHBOARD_CAROUSEL_INTERVAL_MS}
        touch
        pause="hover"
        variant="dark"
      >
        {products.data.map((product) => (
          <Carousel.Item key={product._id}>
            <div className="newest-part">
              <PartPicture picture={product.picture} alt="" width={160} height={120} sizes="160px" loading="lazy" />
              <div>
                <p className="h6 mb-1">{product.name}</p>
                <p className="mb-2">{formatPrice(product.price)}</p>
                <Link
                  to={pagePaths.product(product._id)}
                  className="btn btn-sm btn-dark"
                  aria-label={`${pageTexts.buyNow}: ${product.name}`}
                >
                  {pageTexts.buyNow}
                </Link>
              </div>
            </div>
          </Carousel.Item>
        ))}
      </Carousel>
    </section>
  );
}
