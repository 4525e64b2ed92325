/**
 * The JavaScript an island makes the browser download, measured on a build:
 * `tsx scripts/island-size.ts <outDir> ProductStudio AuthPage ...`. For each island it
 * follows the component chunk's static imports (what loads before it hydrates), adds the
 * React renderer's, and prints every chunk with its raw and gzip size (gzip -9, what a
 * static server precompresses) and the total. Dynamic imports load later (when a view opens) and
 * are listed apart, each with what it adds to the page and the page's total once it has loaded.
 * Used to compare builds before and after a change (docs/decisions/019, 033).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const [outDir, ...islands] = process.argv.slice(2);
if (!outDir || islands.length === 0) {
  console.error('usage: tsx scripts/island-size.ts <outDir> <Island> [<Island> ...]');
  process.exit(2);
}
const assets = path.join(outDir, 'client', '_astro');
const files = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));

function chunk(prefix: string): string {
  const found = files.filter((f) => f.startsWith(`${prefix}.`) && f.split('.').length === 3);
  if (found.length !== 1) throw new Error(`expected one chunk named ${prefix}.*.js in ${assets}, found ${found.length}`);
  return found[0]!;
}

const STATIC_IMPORT = /(?:^|[;}\n])\s*import\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g;

function closure(entries: string[]): { statics: Set<string>; dynamics: Set<string> } {
  const statics = new Set<string>();
  const dynamics = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const name = queue.shift()!;
    if (statics.has(name)) continue;
    statics.add(name);
    const code = fs.readFileSync(path.join(assets, name), 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) queue.push(match[1]!);
    for (const match of code.matchAll(DYNAMIC_IMPORT)) dynamics.add(match[1]!);
  }
  for (const name of statics) dynamics.delete(name);
  return { statics, dynamics };
}

const size = (name: string) => {
  const buffer = fs.readFileSync(path.join(assets, name));
  return { raw: buffer.length, gzip: gzipSync(buffer, { level: 9 }).length };
};

for (const island of islands) {
  const { statics, dynamics } = closure([chunk(island), chunk('client')]);
  let raw = 0;
  let gzip = 0;
  console.log(`\n${island}: chunks loaded before hydration`);
  for (const name of [...statics].sort()) {
    const s = size(name);
    raw += s.raw;
    gzip += s.gzip;
    console.log(`  ${name.padEnd(48)} ${String(s.raw).padStart(8)} B ${String(s.gzip).padStart(7)} B gzip`);
  }
  console.log(`  ${'total'.padEnd(48)} ${String(raw).padStart(8)} B ${String(gzip).padStart(7)} B gzip`);
  for (const name of dynamics) {
    // What opening it adds: its own static closure, less what the page already loaded.
    const added = [...closure([name]).statics].filter((n) => !statics.has(n));
    const addedGzip = added.reduce((sum, n) => sum + size(n).gzip, 0);
    console.log(
      `  later (dynamic import): ${name} adds ${added.length} chunk(s), ${addedGzip} B gzip (${added.sort().join(', ')}); page total then ${gzip + addedGzip} B gzip`,
    );
  }
}
