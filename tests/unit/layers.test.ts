/**
 * Layers point down (issue 28): src/shared is the isomorphic ground floor, so it imports nothing
 * from functions/ or db/ and its modules import each other in no circle. Read from the source
 * with TypeScript's own import scanner (type-only imports count: a circle of types is still
 * a circle to read).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loopsOf, projectImportsOf, sourceFilesUnder } from '@/scripts/lib/import-graph';

const ROOT = process.cwd();
const SHARED = path.join(ROOT, 'src/shared');

const graph = new Map(sourceFilesUnder(SHARED).map((file) => [file, projectImportsOf(ROOT, file)]));
const rel = (file: string) => path.relative(ROOT, file);

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
    expect(loopsOf(graph).map((loop) => loop.map(rel))).toEqual([]);
  });
});
