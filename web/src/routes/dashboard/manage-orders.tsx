import { PageTitle } from '../../components/PageTitle';
import { AdminOrderList } from '../../features/admin-orders/components/AdminOrderList';
import { RequireAdmin } from '../../features/auth/components/guards';

export function Component() {
  return (
    <RequireAdmin>
      <PageTitle title="Manage Orders" />
      <h2 className="h4 mb-3">Manage Orders</h2>
      <AdminOrderList />
    </RequireAdmin>
  );
}
