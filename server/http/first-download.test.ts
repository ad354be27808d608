import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../../contract/index.js';
import { projectRoot } from '../lib/project-root.js';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const root = projectRoot();
let manifest: Record<string, Chunk>;

/** The chunks a browser loads with a page's first visit: the entry's and the page module's static imports. */
function loadedBy(module: string): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded = new Set<string>();
  const visit = (key: string | undefined) => {
    if (key === undefined || loaded.has(key)) return;
    loaded.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entry);
  visit(module);
  return [...loaded].map((key) => manifest[key]?.file ?? key);
}

describe('the first download of the pages riders land on', () => {
  beforeAll(() => {
    execFileSync(process.execPath, [path.join(root, 'scripts/build-if-stale.mjs')], { cwd: root, stdio: 'ignore' });
    manifest = JSON.parse(readFileSync(path.join(root, 'dist/web/.vite/manifest.json'), 'utf8')) as typeof manifest;
  }, 180_000);

  // Zod and the contract's schema modules are one chunk (vite.config.ts): a third of the budget.
  it.each([pages.home, pages.parts, pages.part].map((page) => [page.path, page.module] as const))(
    'when %s is opened first, then zod is not in what it loads (the forms load it when drawn)',
    (_path, module) => {
      expect(manifest[module], module).toBeDefined();
      const files = loadedBy(module);
      expect(files.some((file) => file.includes('/framework-'))).toBe(true);
      expect(files.filter((file) => /\/schemas-/.test(file))).toEqual([]);
    },
  );
});
