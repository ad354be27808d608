import { PageTitle } from '../../components/PageTitle';
import { AdminOrderList } from '../../features/admin-orders/components/AdminOrderList';

export function Component() {
  return (
    <>
      <PageTitle title="Manage Orders" />
      <h2 className="h4 mb-3">Manage Orders</h2>
      <AdminOrderList />
    </>
  );
}
