/**
 * `tsx scripts/import-loops.ts`: how the domains under functions/ import each other, and which
 * of them sit in one import loop (issue 28; the figures are written in docs/decisions/058 and
 * 063). A domain is a folder under functions/; an import counts when it names another domain's
 * module (static, type-only, re-export or dynamic). Prints every loop with its size.
 *
 * `--edges` also prints, for each loop, the domain-to-domain edges inside it and the files
 * behind each edge (`from-file -> to-file`), the fewest imports first: the cheapest cuts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loopsOf, projectImportsOf, sourceFilesUnder } from './lib/import-graph';

const ROOT = process.cwd();
const FUNCTIONS = path.join(ROOT, 'functions');
const domainOf = (file: string) => path.relative(FUNCTIONS, file).split(path.sep)[0]!;
const rel = (file: string) => path.relative(FUNCTIONS, file);

const domains = fs
  .readdirSync(FUNCTIONS, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const graph = new Map<string, Set<string>>(domains.map((d) => [d, new Set()]));
/** `from>to` → the file imports behind that domain edge. */
const behind = new Map<string, string[]>();
let crossImports = 0;
for (const file of sourceFilesUnder(FUNCTIONS)) {
  const from = domainOf(file);
  for (const target of projectImportsOf(ROOT, file)) {
    if (!target.startsWith(`${FUNCTIONS}${path.sep}`)) continue;
    const to = domainOf(target);
    if (to === from || !graph.has(from) || !graph.has(to)) continue;
    crossImports++;
    graph.get(from)!.add(to);
    const key = `${from}>${to}`;
    behind.set(key, [...(behind.get(key) ?? []), `${rel(file)} -> ${rel(target)}`]);
  }
}

const edges = [...graph.values()].reduce((n, targets) => n + targets.size, 0);
console.log(`${domains.length} domains; ${crossImports} imports between domains, ${edges} domain-to-domain edges`);
const loops = loopsOf(graph).sort((a, b) => b.length - a.length);
for (const loop of loops) {
  console.log(`loop of ${loop.length}: ${loop.join(', ')}`);
  if (!process.argv.includes('--edges')) continue;
  const inLoop = new Set(loop);
  const loopEdges = [...behind].filter(([key]) => key.split('>').every((d) => inLoop.has(d))).sort((a, b) => a[1].length - b[1].length);
  for (const [key, files] of loopEdges) {
    console.log(`  ${key.replace('>', ' -> ')} (${files.length})`);
    for (const f of files) console.log(`    ${f}`);
  }
}
if (!loops.length) console.log('no loop');
