/**
 * `tsx scripts/import-loops.ts`: how the domains under functions/ import each other, and which
 * of them sit in one import loop (issue 28; the figure is written in docs/decisions/058). A
 * domain is a folder under functions/; an import counts when it names another domain's module
 * (static, type-only, re-export or dynamic). Prints every loop (strongly connected component
 * of more than one domain) with its size.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = process.cwd();
const FUNCTIONS = path.join(ROOT, 'functions');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/')
    ? path.join(ROOT, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const domainOf = (file: string) => path.relative(FUNCTIONS, file).split(path.sep)[0]!;

const graph = new Map<string, Set<string>>();
let crossImports = 0;
for (const file of filesUnder(FUNCTIONS)) {
  const from = domainOf(file);
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  for (const imported of importedFiles) {
    const target = resolve(file, imported.fileName);
    if (!target?.startsWith(`${FUNCTIONS}${path.sep}`)) continue;
    const to = domainOf(target);
    if (to === from) continue;
    crossImports++;
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)!.add(to);
  }
}

// Tarjan's strongly connected components.
let next = 0;
const index = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const loops: string[][] = [];
function visit(v: string): void {
  index.set(v, next);
  low.set(v, next++);
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v) ?? []) {
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
}
const domains = fs.readdirSync(FUNCTIONS, { withFileTypes: true }).filter((d) => d.isDirectory());
for (const d of domains) if (!index.has(d.name)) visit(d.name);

const edges = [...graph.values()].reduce((n, targets) => n + targets.size, 0);
console.log(`${domains.length} domains; ${crossImports} imports between domains, ${edges} domain-to-domain edges`);
for (const loop of loops.sort((a, b) => b.length - a.length)) console.log(`loop of ${loop.length}: ${loop.join(', ')}`);
if (!loops.length) console.log('no loop');
