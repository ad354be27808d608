import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { projectRoot } from '../lib/project-root.js';
import type { Database } from './client.js';
import { pgliteExtensions } from './pglite-extensions.js';
import { sampleCatalogueHash, seedCatalogueOnce } from './seed.js';

/**
 * PGlite runs initdb for every new database, which takes about 3 s on this class of machine.
 * Loading a dumped cluster takes about a second, so the build dumps one with the migrations applied
 * (and no data), named by the PGlite version and a hash of the migrations, so it is never stale.
 * New databases start from it; the migrator then finds nothing to do.
 */
export function pgliteTemplatePath(): string {
  const manifest = path.join(projectRoot(), 'node_modules', '@electric-sql', 'pglite', 'package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return path.join(projectRoot(), 'dist', 'pglite', `cluster-${version}-${migrationsHash()}.tar`);
}

export const migrationsFolder = () => path.join(projectRoot(), 'drizzle');

function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, name.name);
      if (name.isDirectory()) walk(file);
      else hash.update(name.name).update(readFileSync(file));
    }
  };
  walk(migrationsFolder());
  return hash.digest('hex').slice(0, 12);
}

export async function ensurePgliteTemplate(file = pgliteTemplatePath()): Promise<string> {
  if (existsSync(file)) return file;
  const client = await PGlite.create({ extensions: pgliteExtensions });
  await migrate(drizzle({ client }), { migrationsFolder: migrationsFolder() });
  const dump = await client.dumpDataDir('none');
  await client.close();
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file); // atomic: a concurrent reader never sees half a file
  for (const old of readdirSync(path.dirname(file))) {
    if (!old.startsWith(path.basename(file, '.tar'))) {
      rmSync(path.join(path.dirname(file), old), { recursive: true, force: true });
    }
  }
  return file;
}

/** The same cluster unpacked: a new on-disk database is a copy of it (faster than unpacking the tar). */
const templateDirectory = () => pgliteTemplatePath().replace(/\.tar$/, '.cluster');

export async function ensurePgliteTemplateDirectory(): Promise<string> {
  const directory = templateDirectory();
  if (existsSync(path.join(directory, 'PG_VERSION'))) return directory;
  const tar = await ensurePgliteTemplate();
  const partial = `${directory}.${process.pid}.partial`;
  const client = await PGlite.create(partial, {
    loadDataDir: new Blob([readFileSync(tar)]),
    extensions: pgliteExtensions,
  });
  await client.close();
  rmSync(directory, { recursive: true, force: true });
  renameSync(partial, directory);
  return directory;
}

/**
 * The cluster with the sample catalogue added (seed.ts), for the store's first start: adding it on
 * a new cluster takes over a second (each trigger, dictionary and table met for the first time).
 * Named by the sample too (its rows and the code that adds them), so it is never stale either.
 */
const seededDirectory = () => pgliteTemplatePath().replace(/\.tar$/, `-sample-${sampleCatalogueHash()}.cluster`);

export async function ensureSeededTemplateDirectory(): Promise<string> {
  const directory = seededDirectory();
  if (existsSync(path.join(directory, 'PG_VERSION'))) return directory;
  const empty = await ensurePgliteTemplateDirectory();
  const partial = `${directory}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(empty, partial, { recursive: true });
  const client = await PGlite.create(partial, { extensions: pgliteExtensions });
  await seedCatalogueOnce(drizzle({ client }) as unknown as Database);
  await client.close();
  // An older sample's cluster goes (this one is not there yet: it would be the partial's name).
  for (const old of readdirSync(path.dirname(directory))) {
    const file = path.join(path.dirname(directory), old);
    if (old.includes('-sample-') && file !== partial) rmSync(file, { recursive: true, force: true });
  }
  renameSync(partial, directory);
  return directory;
}

/**
 * Fills an empty cluster folder from a template directory the build made: the one holding the
 * sample catalogue when `sample` asks for it and there is one, else the empty one. What it copied.
 */
export function copyPgliteTemplate(clusterDir: string, { sample = false } = {}): 'sample' | 'empty' | undefined {
  for (const [directory, copied] of [
    ...(sample ? ([[seededDirectory(), 'sample']] as const) : []),
    [templateDirectory(), 'empty'] as const,
  ]) {
    if (!existsSync(path.join(directory, 'PG_VERSION'))) continue;
    cpSync(directory, clusterDir, { recursive: true });
    return copied;
  }
  return undefined;
}

/** The template as PGlite's `loadDataDir` option, when the build made one. */
export function loadPgliteTemplate(): { loadDataDir?: Blob } {
  const file = pgliteTemplatePath();
  return existsSync(file) ? { loadDataDir: new Blob([readFileSync(file)]) } : {};
}
