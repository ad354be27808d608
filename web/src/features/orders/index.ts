// The orders feature's public entry: what other features may use of it.
export { orderKeys } from './api';
