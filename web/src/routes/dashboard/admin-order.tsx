import { useParams } from 'react-router';
import { AdminOrderDetails } from '../../features/admin-orders/components/AdminOrderDetails';

/** One order as the shop sees it, with the moves its status allows. */
export function Component() {
  const { id = '' } = useParams();
  return <AdminOrderDetails key={id} orderId={id} />;
}
