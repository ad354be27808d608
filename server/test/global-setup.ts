import { ensurePgliteTemplate } from '../db/pglite-template.js';

/** Dumps the empty PGlite cluster once, so every test database starts in well under a second. */
export default async function setup() {
  await ensurePgliteTemplate();
}
