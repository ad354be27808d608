// The orders feature's public entry: what other features may use of it.
export { orderKeys } from './api';
export { OrderAddress, OrderLines } from './components/OrderDetails';
export { OrderHistory } from './components/OrderHistory';
export { OrderStatusBadges } from './components/OrderStatusBadges';
export { STATUS_LABELS } from './status-labels';
