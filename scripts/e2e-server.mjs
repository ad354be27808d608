// The store as the browser tests see it: built, on a fresh embedded database, seeded.
import { rmSync } from 'node:fs';

rmSync(process.env.DATA_DIR ?? 'missing', { recursive: true, force: true });
await import('./start.mjs');
