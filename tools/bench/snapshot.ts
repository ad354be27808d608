// The build the benchmark measures, frozen: other people work in the same tree, and a rebuild in the
// middle of a run replaces dist/ under the running store (its index.html, read at start, would then
// name assets that are gone). So the freshly built store is copied to a temporary folder, with what it
// reads at run time (package.json, drizzle/, dist/) and `npm start`'s script; node_modules is linked.
// The copy's build stamp is set to "never stale", so that `npm start` there never rebuilds (the
// copied drizzle/ folder is newer than the build: copying does not keep folders' times).
import { cpSync, existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildStore, PROJECT_ROOT } from '../lib/store-process.js';
import { makeTempDir, type Session, type TempDir } from './session.js';

const COPIED = ['package.json', 'drizzle', 'dist', 'scripts/start.mjs', 'scripts/build-if-stale.mjs'];
// A copy taken while someone rebuilds can be torn: then build and copy again, a few times.
const ATTEMPTS = 3;

/** Builds what is stale and copies the build. */
export async function snapshotBuild(session: Session, log: (message: string) => void): Promise<TempDir> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    buildStore({ showProgress: true });
    const snapshot = makeTempDir(session, 'brakehouse-bench-build-');
    for (const item of COPIED) {
      cpSync(path.join(PROJECT_ROOT, item), path.join(snapshot.dir, item), { recursive: true });
    }
    symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(snapshot.dir, 'node_modules'), 'dir');
    writeFileSync(path.join(snapshot.dir, 'dist', '.build-stamp'), String(Number.MAX_SAFE_INTEGER));
    const missing = missingFiles(snapshot.dir);
    if (missing.length === 0) return snapshot;
    log(`The build changed while it was copied (${missing.slice(0, 3).join(', ')} missing); copying again...`);
    await snapshot.remove();
  }
  throw new Error(`the build in dist/ kept changing while it was copied (${ATTEMPTS} attempts)`);
}

/** The server's entry and every file the web app's index.html names, that the copy lacks. */
function missingFiles(dir: string) {
  const web = path.join(dir, 'dist', 'web');
  const indexFile = path.join(web, 'index.html');
  if (!existsSync(indexFile)) return ['dist/web/index.html'];
  const named = [...readFileSync(indexFile, 'utf8').matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((match) => match[1]);
  return ['dist/server/main.js', ...named.map((file) => path.join('dist/web', file ?? ''))].filter(
    (file) => !existsSync(path.join(dir, file)),
  );
}
