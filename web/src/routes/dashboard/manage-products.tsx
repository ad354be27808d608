import { PageTitle } from '../../components/PageTitle';
import { ProductTable } from '../../features/products/components/ProductTable';

export function Component() {
  return (
    <>
      <PageTitle title="Manage Products" />
      <h2 className="h4 mb-3">Manage Products</h2>
      <ProductTable />
    </>
  );
}
