import { PageTitle } from '../../components/PageTitle';
import { useAuth } from '../../features/auth/auth-context';
import { RequireCustomer } from '../../features/auth/components/guards';
import { OrderList } from '../../features/orders/components/OrderList';

export function Component() {
  const auth = useAuth();
  return (
    <RequireCustomer>
      <PageTitle title="My Order" />
      <h2 className="h4 mb-3">My Order</h2>
      {auth.status === 'signedIn' && <OrderList email={auth.user.email} />}
    </RequireCustomer>
  );
}
