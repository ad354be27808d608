import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { projectRoot } from '../lib/project-root.js';

/**
 * PGlite runs initdb for every new database, which takes about 3 s on this class of machine.
 * Loading a dumped, empty cluster takes about 0.5 s, so the build dumps one (per PGlite version)
 * and new databases start from it. Nothing of ours is in it: migrations run as usual.
 */
export function pgliteTemplatePath(): string {
  const manifest = path.join(projectRoot(), 'node_modules', '@electric-sql', 'pglite', 'package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return path.join(projectRoot(), 'dist', 'pglite', `empty-cluster-${version}.tar`);
}

export async function ensurePgliteTemplate(file = pgliteTemplatePath()): Promise<string> {
  if (existsSync(file)) return file;
  const client = await PGlite.create();
  const dump = await client.dumpDataDir('none');
  await client.close();
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file); // atomic: a concurrent reader never sees half a file
  return file;
}

/** The template as PGlite's `loadDataDir` option, when the build made one. */
export function loadPgliteTemplate(): { loadDataDir?: Blob } {
  const file = pgliteTemplatePath();
  return existsSync(file) ? { loadDataDir: new Blob([readFileSync(file)]) } : {};
}
