export * from './auth.js';
export * from './common.js';
export * from './messages.js';
export * from './paths.js';
export * from './products.js';
export * from './reviews.js';
export * from './store.js';
export * from './users.js';
