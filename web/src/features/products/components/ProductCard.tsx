import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { pageTexts } from '@contract/messages';
import { pagePaths } from '@contract/paths';
import type { Product } from '@contract/products';
import { formatPrice } from '../../../lib/store-config';

export function ProductCard({ product }: { product: Product }) {
  return (
    <Card as="article" className="product-card h-100 shadow-sm">
      <Card.Img variant="top" src={product.picture} alt={product.name} width={600} height={450} loading="lazy" />
      <Card.Body className="d-flex flex-column">
        <Card.Title as="h3" className="h5">
          {product.name}
        </Card.Title>
        <p className="fs-5 fw-bold text-primary mb-2">{formatPrice(product.price)}</p>
        <ul className="list-unstyled small text-body-secondary mb-2">
          <li>Available: {product.availableQantity}</li>
          <li>Minimum order: {product.minimumOderQantity}</li>
        </ul>
        <Card.Text className="flex-grow-1">{product.description}</Card.Text>
        <Link
          to={pagePaths.product(product._id)}
          className="btn btn-dark mt-2"
          aria-label={`${pageTexts.buyNow}: ${product.name}`}
        >
          {pageTexts.buyNow}
        </Link>
      </Card.Body>
    </Card>
  );
}
