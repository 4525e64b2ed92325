/**
 * Layers point down (issue 28): src/shared is the isomorphic ground floor, so it imports nothing
 * from functions/ or db/ and its modules import each other in no circle. Read from the source
 * with TypeScript's own import scanner (type-only imports count: a circle of types is still
 * a circle to read).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const SHARED = path.join(ROOT, 'src/shared');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The project file an import names, or null for a package. */
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

function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return importedFiles.map((f) => resolve(file, f.fileName)).filter((f): f is string => f !== null);
}

const graph = new Map(filesUnder(SHARED).map((file) => [file, importsOf(file)]));
const rel = (file: string) => path.relative(ROOT, file);

/** Strongly connected components of more than one module (Tarjan). */
function circles(): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
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
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      for (let w = stack.pop()!; ; w = stack.pop()!) {
        onStack.delete(w);
        component.push(rel(w));
        if (w === v) break;
      }
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('src/shared, the ground floor', () => {
  it('reads its own modules', () => {
    expect(graph.size).toBeGreaterThan(50);
  });

  it('imports nothing from functions/ or db/', () => {
    const upward = [...graph].flatMap(([file, imports]) =>
      imports.filter((target) => !target.startsWith(`${SHARED}${path.sep}`)).map((target) => `${rel(file)} -> ${rel(target)}`),
    );
    expect(upward).toEqual([]);
  });

  it('has no import circle', () => {
    expect(circles()).toEqual([]);
  });
});
