import { PageTitle } from '../../components/PageTitle';
import { RequireAdmin } from '../../features/auth/components/guards';
import { ProductTable } from '../../features/products/components/ProductTable';

export function Component() {
  return (
    <RequireAdmin>
      <PageTitle title="Manage Products" />
      <h2 className="h4 mb-3">Manage Products</h2>
      <ProductTable />
    </RequireAdmin>
  );
}
