import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@contract/orders';
import { apiPaths } from '@contract/paths';
import type { PaymentIntentResponse, SandboxConfirm } from '@contract/payments';
import { apiRequest } from '../../lib/api-client';
import { orderKeys } from '../../lib/query-keys';

/** Created when the payment page opens; Pay stays disabled until its client secret arrives. */
export const usePaymentIntent = (order: Order | undefined) =>
  useQuery({
    queryKey: ['me', 'payment-intent', order?._id],
    queryFn: () =>
      apiRequest<PaymentIntentResponse>(apiPaths.createPaymentIntent, {
        method: 'POST',
        body: { orderId: order?._id, price: order?.price },
      }),
    enabled: order !== undefined && !order.paid,
    staleTime: Infinity,
    retry: false,
  });

export const confirmSandboxPayment = (card: SandboxConfirm) =>
  apiRequest<{ status: 'succeeded'; transactionId: string }>(apiPaths.sandboxConfirm, { method: 'POST', body: card });

export function useMarkPaid(order: Order) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string) =>
      apiRequest<Order>(apiPaths.order(order._id), { method: 'PATCH', body: { order, transactionId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
