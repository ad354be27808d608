import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The project's import graph as the code writes it: every `import`, `export ... from` and `import()`
 * of the files under the given folders, resolved to files (an `index.ts` barrel is a file like any
 * other, so a loop through one is seen). Tests and declaration files are left out: they are no
 * part of what runs. Run it to list the loops: `npx tsx tools/import-graph.ts`.
 */

export interface Import {
  /** The imported file, relative to the root, with `/` between folders. */
  readonly to: string;
  /** `import type`, or every name imported is a type: gone once compiled. */
  readonly typeOnly: boolean;
}

export type ImportGraph = ReadonlyMap<string, readonly Import[]>;

const SOURCE = /\.tsx?$/;
const LEFT_OUT = /\.(test|spec)\.tsx?$|\.d\.ts$|(^|\/)test-support\.tsx?$/;
/** The aliases of tsconfig.json's `paths`. */
const ALIASES: readonly (readonly [prefix: string, folder: string])[] = [['@contract/', 'contract/']];

function sourceFiles(root: string, folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')))
    .filter((file) => SOURCE.test(file) && !LEFT_OUT.test(file) && !file.includes('node_modules/'));
}

/** The file a specifier names, relative to the root; undefined for a package. */
function resolved(root: string, from: string, specifier: string): string | undefined {
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
  let base: string;
  if (alias) base = alias[1] + specifier.slice(alias[0].length);
  else if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  else return undefined;
  base = base.replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((file) =>
    existsSync(path.join(root, file)),
  );
}

/** Whether an import or export statement brings nothing but types. */
function onlyTypes(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return clause !== undefined && ts.isNamedExports(clause) && clause.elements.every((name) => name.isTypeOnly);
  }
  const clause = node.importClause;
  if (!clause) return false; // `import './side-effect'`
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.every((name) => name.isTypeOnly);
}

function importsOf(root: string, file: string): Import[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: Import[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    const to = resolved(root, file, specifier);
    if (to) found.push({ to, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) add(node.moduleSpecifier.text, onlyTypes(node));
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) add(literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function importGraph(root: string, folders: readonly string[]): ImportGraph {
  const graph = new Map<string, Import[]>();
  for (const folder of folders) {
    for (const file of sourceFiles(root, folder)) graph.set(file, importsOf(root, file));
  }
  return graph;
}

/**
 * The loops of a graph whose edges `follow` keeps: each strongly connected set of two or more
 * nodes (or one that imports itself), as one loop through it, from its first node back to it.
 */
export function loops(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string) => {
    order.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!edges.has(to)) continue;
      if (!order.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) as number, order.get(to) as number));
      }
    }
    if (low.get(node) !== order.get(node)) return;
    const members = new Set<string>();
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      members.add(member);
    } while (member !== node);
    if (members.size > 1 || (edges.get(node) ?? []).includes(node)) found.push(pathThrough(node, members, edges));
  };
  for (const node of [...edges.keys()].sort()) if (!order.has(node)) connect(node);
  return found;
}

/** A shortest way from `start` back to itself inside `members`, for a message a reader can follow. */
function pathThrough(start: string, members: ReadonlySet<string>, edges: ReadonlyMap<string, readonly string[]>) {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const to of edges.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const way = [start];
        for (let at = node; at !== start; at = cameFrom.get(at) as string) way.splice(1, 0, at);
        return [...way, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

/** The graph's edges that run when the code runs (type-only imports left out), file to file. */
export function runtimeEdges(graph: ImportGraph): Map<string, string[]> {
  return new Map(
    [...graph].map(([file, imports]) => [file, imports.filter(({ typeOnly }) => !typeOnly).map(({ to }) => to)]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  const graph = importGraph(root, ['contract', 'server', 'web/src']);
  const found = loops(runtimeEdges(graph));
  for (const loop of found) console.log(loop.join('\n  -> '), '\n');
  console.log(`${graph.size} files, ${found.length} loops`);
}
