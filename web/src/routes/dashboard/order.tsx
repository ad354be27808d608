import { useParams } from 'react-router';
import { OrderDetails } from '../../features/orders/components/OrderDetails';

/** One order, its owner's (or an admin's): the server decides who may see it. */
export function Component() {
  const { id = '' } = useParams();
  return <OrderDetails key={id} orderId={id} />;
}
