// The checkout feature's public entry: what other features may use of it.
export { useShippingMethods } from './api';
