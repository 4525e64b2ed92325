/**
 * Islands ship only what they use (docs/decisions/018): no React island, and no store an
 * island uses, reaches the AI tools' marketing copy (src/shared/ai-tools.ts, about 12 KB
 * gzipped) through its imports; islands take ids, names and options from
 * src/shared/ai-tool-ids.ts. Nor does any reach classic zod (about 26 KB gzipped), not even
 * through a module outside src/ that the lint rule does not see: islands use zod/mini
 * (docs/decisions/022). Follows every relative or `@/` import that stays at run time (type-only
 * imports are erased), from every .tsx under src/components and every module of src/stores.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const COPY = path.join(ROOT, 'src/shared/ai-tools.ts');

function filesUnder(dir: string, test: (file: string) => boolean): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The modules a file imports at run time: relative and `@/` specifiers of non-type imports and re-exports. */
function runtimeImports(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^\s*(import|export)\s+(type\s+)?([^'"]*?)\s*(?:from\s+)?['"]((?:\.|@\/)[^'"]+)['"]/gm)) {
    if (match[2]) continue; // `import type` / `export type`: erased
    specifiers.push(match[4]!);
  }
  for (const match of source.matchAll(/import\(\s*['"]((?:\.|@\/)[^'"]+)['"]\s*\)/g)) specifiers.push(match[1]!);
  return specifiers.flatMap((specifier) => {
    const base = specifier.startsWith('@/') ? path.join(ROOT, specifier.slice(2)) : path.resolve(path.dirname(file), specifier);
    const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
      (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
    );
    return found && /\.tsx?$/.test(found) ? [found] : [];
  });
}

/** Every module reachable from `entry`, with the chain of imports that reaches it. */
function reachable(entry: string): Map<string, string[]> {
  const chains = new Map<string, string[]>([[entry, [entry]]]);
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    for (const next of runtimeImports(file)) {
      if (chains.has(next)) continue;
      chains.set(next, [...chains.get(file)!, next]);
      queue.push(next);
    }
  }
  return chains;
}

const islands = [
  ...filesUnder(path.join(ROOT, 'src/components'), (name) => name.endsWith('.tsx')),
  ...filesUnder(path.join(ROOT, 'src/stores'), (name) => name.endsWith('.ts')),
];

describe('islands and the AI tools copy', () => {
  it('finds the islands, and the walk does follow imports', () => {
    expect(islands.some((f) => f.endsWith('ProductStudio.tsx'))).toBe(true);
    const studio = reachable(islands.find((f) => f.endsWith('ProductStudio.tsx'))!);
    expect([...studio.keys()].map((f) => path.relative(ROOT, f))).toEqual(expect.arrayContaining(['src/shared/product-schema.ts', 'src/shared/ids.ts']));
  });

  it.each(islands.map((f) => [path.relative(ROOT, f), f]))('%s never imports src/shared/ai-tools.ts', (_name, file) => {
    const chain = reachable(file).get(COPY);
    expect(chain?.map((f) => path.relative(ROOT, f)).join(' -> ') ?? null).toBeNull();
  });
});

/** A run-time import of classic zod ('zod', 'zod/v4', 'zod/v3' or one of their files); zod/mini and type-only imports are fine. */
const CLASSIC_ZOD = /^\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\s*from\s+)?['"]zod(?:\/v4(?:\/classic[\w./-]*)?|\/v3[\w./-]*)?['"]/m;

describe('islands and classic zod', () => {
  it('the check sees a classic import and lets zod/mini through', () => {
    expect(CLASSIC_ZOD.test("import { z } from 'zod';")).toBe(true);
    expect(CLASSIC_ZOD.test("import * as z from 'zod/v4';")).toBe(true);
    expect(CLASSIC_ZOD.test("import * as z from 'zod/v4/classic/external.js';")).toBe(true);
    expect(CLASSIC_ZOD.test("import * as z from 'zod/mini';")).toBe(false);
    expect(CLASSIC_ZOD.test("import * as z from 'zod/v4/mini';")).toBe(false);
    expect(CLASSIC_ZOD.test("import type { ZodError } from 'zod';")).toBe(false);
  });

  it.each(islands.map((f) => [path.relative(ROOT, f), f]))('%s never reaches classic zod', (_name, file) => {
    const found = [...reachable(file)].find(([module]) => CLASSIC_ZOD.test(fs.readFileSync(module, 'utf8')));
    expect(found?.[1].map((f) => path.relative(ROOT, f)).join(' -> ') ?? null).toBeNull();
  });
});
