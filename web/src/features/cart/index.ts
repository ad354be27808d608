// The cart feature's public entry: what other features may use of it. Light on purpose: the catalogue
// draws these in its first download (the pages' own code is imported by their route modules).
export { AddToCartButton } from './components/AddToCartButton';
export { useServerCart } from './cart-api';
export { useCartJoining } from './cart-joining';
