// Written in rules/money.ts, outside the `schemas` chunk (vite.config.ts) this module goes into, so
// that the rules the catalogue's first download needs bring no zod with them.
export * from './rules/money.js';
