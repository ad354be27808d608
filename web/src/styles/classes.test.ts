import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from 'sass';
import { describe, expect, it } from 'vitest';

const stylesDir = path.dirname(fileURLToPath(import.meta.url));
const srcDir = path.dirname(stylesDir);

/**
 * Classes the code names that no style draws, on purpose: hooks for a test or a script, or a
 * section's name for a reader of the markup.
 */
const HOOKS = new Set(['cart-table', 'bike-picker', 'checkout-totals', 'slide', 'order-history']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name) ? [file] : [];
  });
}

/** Every class a `className="..."`, `className={'...'}` or the fixed words of a `className={`...`}` names. */
function classesNamed(source: string): string[] {
  const values = [...source.matchAll(/className=(?:"([^"]*)"|\{'([^']*)'\}|\{`([^`]*)`\})/g)].map(
    (match) => match[1] ?? match[2] ?? (match[3] ?? '').replace(/\$\{[^}]*\}/g, ' '),
  );
  return values.flatMap((value) => value.split(/\s+/).filter(Boolean));
}

describe('the stylesheet', () => {
  // The theme keeps only the Bootstrap utilities the pages use (main.scss): a class the code names
  // that the stylesheet lost would silently draw nothing.
  it('when the code names a class, then the stylesheet draws it', () => {
    const css = compile(path.join(stylesDir, 'main.scss'), {
      loadPaths: [path.resolve(srcDir, '../../node_modules')],
      logger: { warn: () => undefined, debug: () => undefined },
    }).css;
    const drawn = new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]));
    const missing = sourceFiles(srcDir).flatMap((file) =>
      classesNamed(readFileSync(file, 'utf8'))
        .filter((name) => !drawn.has(name) && !HOOKS.has(name))
        .map((name) => `${name} (${path.relative(srcDir, file)})`),
    );
    expect(missing).toEqual([]);
  });
});
