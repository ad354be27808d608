// Builds the web app (Vite) and the server (tsc) when the sources are newer than the last build,
// so that `npm start` works right after `npm install` and never runs stale code.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = path.join(root, 'dist', '.build-stamp');
const inputs = [
  'contract',
  'server',
  'web',
  'drizzle',
  'vite.config.ts',
  'tsconfig.base.json',
  'tsconfig.server.json',
  'package-lock.json',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(target, name))),
    stat.mtimeMs,
  );
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed; the store cannot start without a build.`);
    process.exit(result.status ?? 1);
  }
}

export function buildIfStale() {
  const sourcesAt = Math.max(...inputs.map((input) => newestMtime(path.join(root, input))));
  const builtAt = existsSync(stampFile) ? Number(readFileSync(stampFile, 'utf8')) : 0;
  const complete =
    existsSync(path.join(root, 'dist/web/index.html')) && existsSync(path.join(root, 'dist/server/main.js'));
  if (complete && builtAt >= sourcesAt) return;
  console.log('Building the store (web app and server)...');
  const bin = (name) => path.join(root, 'node_modules', '.bin', name);
  // Always the production build: started from a test run (NODE_ENV=test), Vite would otherwise
  // bundle React's development build.
  run(bin('vite'), ['build', '--logLevel', 'warn'], { ...process.env, NODE_ENV: 'production' });
  run(bin('tsc'), ['-p', 'tsconfig.server.json']);
  run(process.execPath, [
    '-e',
    "import('./dist/server/db/pglite-template.js').then((m) => m.ensureSeededTemplateDirectory())",
  ]);
  writeFileSync(stampFile, String(sourcesAt));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfStale();
