import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, loops, runtimeEdges, type ImportGraph } from './import-graph.js';

const root = path.resolve(import.meta.dirname, '..');
const graph = importGraph(root, ['contract', 'server', 'web/src']);

/** The server's folders (its domains and layers) and what each imports of the others, types too. */
function serverFolders(files: ImportGraph): Map<string, string[]> {
  const folderOf = (file: string) => /^server\/([^/]+)\//.exec(file)?.[1];
  const edges = new Map<string, Set<string>>();
  for (const [file, imports] of files) {
    const from = folderOf(file);
    // server/test holds what the tests share; it imports whatever it sets up.
    if (from === undefined || from === 'test') continue;
    for (const { to } of imports) {
      const folder = folderOf(to);
      if (folder === undefined || folder === from) continue;
      edges.set(from, (edges.get(from) ?? new Set()).add(folder));
    }
  }
  return new Map([...edges].map(([folder, to]) => [folder, [...to]]));
}

describe('the import graph', () => {
  it('when a graph has loops, then each is found once, as a way back to where it starts', () => {
    const found = loops(
      new Map([
        ['a', ['b']],
        ['b', ['c', 'd']],
        ['c', ['a']],
        ['d', []],
        ['e', ['e']],
        ['f', ['a']],
      ]),
    );
    expect(found).toEqual([
      ['a', 'b', 'c', 'a'],
      ['e', 'e'],
    ]);
    expect(
      loops(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('when the code is read, then every file and barrel is in the graph, type-only imports marked', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('web/src/features/orders/index.ts')).toBeDefined();
    const payments = graph.get('server/payments/service.ts') ?? [];
    expect(payments).toContainEqual({ to: 'server/orders/service.ts', typeOnly: true });
    expect(payments).toContainEqual({ to: 'server/payment-gateway/gateway.ts', typeOnly: false });
  });

  it('when the store runs, then no module imports itself back through others (barrels included)', () => {
    expect(loops(runtimeEdges(graph)).map((loop) => loop.join(' -> '))).toEqual([]);
  });

  it("when the server's folders are read, then each imports the others one way only (types too)", () => {
    expect(loops(serverFolders(graph)).map((loop) => loop.join(' -> '))).toEqual([]);
  });
});
