/**
 * `tsx scripts/import-loops.ts`: how the domains under functions/ import each other, and which
 * of them sit in one import loop (issue 28; the figures are written in docs/decisions/058 and
 * 063). A domain is a folder under functions/; an import counts when it names another domain's
 * module (static, type-only, re-export or dynamic). Prints every loop with its size.
 *
 * `--edges` also prints, for each loop, the domain-to-domain edges inside it and the files
 * behind each edge (`from-file -> to-file`), the fewest imports first: the cheapest cuts.
 * `--all` prints every domain-to-domain edge and its files, loop or not.
 */
import { domainGraph, loopsOf } from './lib/import-graph';

const { domains, edges, behind, crossImports } = domainGraph(process.cwd());

function printEdges(keep: (from: string, to: string) => boolean): void {
  const chosen = [...behind].filter(([key]) => keep(...(key.split('>') as [string, string]))).sort((a, b) => a[1].length - b[1].length);
  for (const [key, files] of chosen) {
    console.log(`  ${key.replace('>', ' -> ')} (${files.length})`);
    for (const f of files) console.log(`    ${f}`);
  }
}

const edgeCount = [...edges.values()].reduce((n, targets) => n + targets.size, 0);
console.log(`${domains.length} domains; ${crossImports} imports between domains, ${edgeCount} domain-to-domain edges`);
const loops = loopsOf(edges).sort((a, b) => b.length - a.length);
for (const loop of loops) {
  console.log(`loop of ${loop.length}: ${loop.join(', ')}`);
  if (process.argv.includes('--edges')) printEdges((from, to) => loop.includes(from) && loop.includes(to));
}
if (!loops.length) console.log('no loop');
if (process.argv.includes('--all')) {
  console.log('every edge:');
  printEdges(() => true);
}
