import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { pageTexts } from '@contract/messages';
import { FetchError } from '../../../components/FetchError';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { useProducts } from '../api';
import { ProductCard } from './ProductCard';

export const HOME_PRODUCT_COUNT = 6;

export function OurParts() {
  const products = useProducts(HOME_PRODUCT_COUNT);
  return (
    <section aria-labelledby="our-parts">
      <h2 id="our-parts" className="section-title">
        {pageTexts.ourParts}
      </h2>
      {products.isPending ? (
        <LoadingSpinner />
      ) : products.isError ? (
        <FetchError what="the parts" error={products.error} onRetry={() => void products.refetch()} />
      ) : (
        <Row xs={1} md={2} lg={3} className="g-4">
          {products.data.map((product) => (
            <Col key={product._id}>
              <ProductCard product={product} />
            </Col>
          ))}
        </Row>
      )}
    </section>
  );
}
