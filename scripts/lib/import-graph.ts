/**
 * The project's import graph, read from the source with TypeScript's own import scanner (static,
 * type-only, re-export and dynamic imports): the files under a folder, what each imports of the
 * project (packages left out), the graph of the domains under functions/, and the strongly
 * connected components of a graph (Tarjan), which are its import loops. Used by
 * scripts/import-loops.ts and tests/unit/layers.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Every .ts and .tsx file under `dir`. */
export function sourceFilesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFilesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The project file an import of `from` names ('@/' is the project's root), or null for a package. */
function resolveImport(root: string, from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/')
    ? path.join(root, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The project files `file` imports. */
export function projectImportsOf(root: string, file: string): string[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return importedFiles.map((f) => resolveImport(root, file, f.fileName)).filter((f): f is string => f !== null);
}

export interface DomainGraph {
  /** The folders under functions/ (a file directly under functions/, a composition root, is in none). */
  domains: string[];
  /** Each domain's imported domains. */
  edges: Map<string, Set<string>>;
  /** `from>to` → the file imports behind that edge (`from-file -> to-file`, relative to functions/). */
  behind: Map<string, string[]>;
  /** Imports of a module of another domain. */
  crossImports: number;
}

/** How the domains under `root`/functions import each other: an import counts when it names another domain's module. */
export function domainGraph(root: string): DomainGraph {
  const functions = path.join(root, 'functions');
  const domainOf = (file: string) => path.relative(functions, file).split(path.sep)[0]!;
  const domains = fs
    .readdirSync(functions, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const edges = new Map<string, Set<string>>(domains.map((d) => [d, new Set()]));
  const behind = new Map<string, string[]>();
  let crossImports = 0;
  for (const file of sourceFilesUnder(functions)) {
    const from = domainOf(file);
    for (const target of projectImportsOf(root, file)) {
      if (!target.startsWith(`${functions}${path.sep}`)) continue;
      const to = domainOf(target);
      if (to === from || !edges.has(from) || !edges.has(to)) continue;
      crossImports++;
      edges.get(from)!.add(to);
      const key = `${from}>${to}`;
      behind.set(key, [...(behind.get(key) ?? []), `${path.relative(functions, file)} -> ${path.relative(functions, target)}`]);
    }
  }
  return { domains, edges, behind, crossImports };
}

/** The strongly connected components of more than one node: each is a loop. */
export function loopsOf(graph: ReadonlyMap<string, Iterable<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      onStack.delete(w);
      component.push(w);
      if (w === v) break;
    }
    if (component.length > 1) loops.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return loops;
}
