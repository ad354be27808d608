// The products feature's public entry: what other features may use of it.
export { useProduct } from './api';
