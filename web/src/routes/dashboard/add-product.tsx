import { PageTitle } from '../../components/PageTitle';
import { ProductForm } from '../../features/products/components/ProductForm';

export function Component() {
  return (
    <>
      <PageTitle title="Add Product" />
      <h2 className="h4 mb-3">Add Product</h2>
      <ProductForm />
    </>
  );
}
