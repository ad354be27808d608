import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { useParams } from 'react-router';
import { FetchError } from '../components/FetchError';
import { LoadingSpinner } from '../components/LoadingSpinner';
import { HALF_ROW_SIZES, PartPicture } from '../components/PartPicture';
import { PageTitle } from '../components/PageTitle';
import { useAuth } from '../features/auth/auth-context';
import { OrderForm } from '../features/orders/components/OrderForm';
import { useProduct } from '../features/products/api';
import { formatPrice } from '../lib/store-config';

/** The purchase page, signed in only (the page table): the part, then the Order Now form. */
export function Component() {
  return <ProductDetails />;
}

function ProductDetails() {
  const { productsId = '' } = useParams();
  const product = useProduct(productsId);
  const auth = useAuth();

  if (product.isPending) return <LoadingSpinner />;
  if (product.isError) {
    return (
      <Container className="py-5">
        <FetchError what="this part" error={product.error} onRetry={() => void product.refetch()} />
      </Container>
    );
  }
  const part = product.data;
  return (
    <Container className="py-5">
      <PageTitle title={part.name} />
      <Row className="g-4 align-items-start">
        <Col md={6}>
          <PartPicture
            className="rounded shadow-sm"
            picture={part.picture}
            alt={part.name}
            width={600}
            height={450}
            sizes={HALF_ROW_SIZES}
          />
        </Col>
        <Col md={6}>
          <h1 className="h2">{part.name}</h1>
          <p className="fs-3 fw-bold text-primary">{formatPrice(part.price)}</p>
          <dl className="row">
            <dt className="col-7">Available quantity</dt>
            <dd className="col-5">{part.availableQantity}</dd>
            <dt className="col-7">Minimum order quantity</dt>
            <dd className="col-5">{part.minimumOderQantity}</dd>
          </dl>
          <p>{part.description}</p>
          {auth.status === 'signedIn' && <OrderForm key={part._id} product={part} user={auth.user} />}
        </Col>
      </Row>
    </Container>
  );
}
