import { PageTitle } from '../../components/PageTitle';
import { useAuth } from '../../features/auth/auth-context';
import { OrderList } from '../../features/orders/components/OrderList';

export function Component() {
  const auth = useAuth();
  return (
    <>
      <PageTitle title="My Order" />
      <h2 className="h4 mb-3">My Order</h2>
      {auth.status === 'signedIn' && <OrderList email={auth.user.email} />}
    </>
  );
}
