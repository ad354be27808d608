// The catalogue feature's public entry: what other features may use of it.
export { FitmentBadge } from './components/FitBadge';
