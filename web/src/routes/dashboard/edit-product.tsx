import { Link, useParams } from 'react-router';
import { pagePaths } from '@contract/pages';
import { FetchError } from '../../components/FetchError';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { PageTitle } from '../../components/PageTitle';
import { useProduct } from '../../features/products/api';
import { ProductForm } from '../../features/products/components/ProductForm';

function EditProduct({ id }: { id: string }) {
  const product = useProduct(id);
  if (product.isPending) return <LoadingSpinner />;
  if (product.isError)
    return <FetchError what="this part" error={product.error} onRetry={() => void product.refetch()} />;
  return (
    <>
      <p className="text-body-secondary">
        Orders already placed keep the name and price they were placed with.{' '}
        <Link to={pagePaths.part(product.data._id)}>See its page</Link>
      </p>
      {/* A new form for each part, so one part's values never linger on another's. */}
      <ProductForm key={product.data._id} product={product.data} />
    </>
  );
}

export function Component() {
  const { id = '' } = useParams();
  return (
    <>
      <PageTitle title="Edit Product" />
      <h2 className="h4 mb-3">Edit Product</h2>
      <EditProduct id={id} />
      <p className="mt-3">
        <Link to={pagePaths.manageProduct}>Back to Manage Products</Link>
      </p>
    </>
  );
}
