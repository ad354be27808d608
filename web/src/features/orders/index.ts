// The orders feature's public entry: what other features may use of it.
export { OrderAddress, OrderLines } from './components/OrderDetails';
export { OrderHistory } from './components/OrderHistory';
export { OrderStatusBadges } from './components/OrderStatusBadges';
export { ORDER_STATUS_LABELS as STATUS_LABELS } from '@contract/rules/order-status';
