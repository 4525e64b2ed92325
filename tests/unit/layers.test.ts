/**
 * Layers point down (issue 28, docs/decisions/063), read from the source with TypeScript's own
 * import scanner (type-only imports count: a circle of types is still a circle to read):
 * - src/shared is the isomorphic ground floor: it imports nothing from functions/, db/ or env/,
 *   and its modules import each other in no circle;
 * - env/ is the server's ground floor (the environment, a full disk): it imports nothing of db/
 *   or functions/, so both use it;
 * - db/ imports nothing of functions/, except its seed (db/seed: the demo data, written through
 *   the app's own services and rules, a composition like the scripts);
 * - functions/_shared imports no domain;
 * - the domains under functions/ import each other in no loop.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { domainGraph, loopsOf, projectImportsOf, sourceFilesUnder } from '@/scripts/lib/import-graph';

const ROOT = process.cwd();
const rel = (file: string) => path.relative(ROOT, file);
const within = (dir: string) => (file: string) => file.startsWith(`${path.join(ROOT, dir)}${path.sep}`);

/** Every import of the files under `dir` (but those `skip` leaves out) that `allowed` refuses, as `from -> to`. */
function importsOutside(dir: string, allowed: (target: string) => boolean, skip: (file: string) => boolean = () => false): string[] {
  return sourceFilesUnder(path.join(ROOT, dir))
    .filter((file) => !skip(file))
    .flatMap((file) =>
      projectImportsOf(ROOT, file)
        .filter((target) => !allowed(target))
        .map((target) => `${rel(file)} -> ${rel(target)}`),
    );
}

describe('src/shared, the ground floor', () => {
  const SHARED = path.join(ROOT, 'src/shared');
  const graph = new Map(sourceFilesUnder(SHARED).map((file) => [file, projectImportsOf(ROOT, file)]));

  it('reads its own modules', () => {
    expect(graph.size).toBeGreaterThan(50);
  });

  it('imports nothing from functions/, db/ or env/', () => {
    expect(importsOutside('src/shared', within('src/shared'))).toEqual([]);
  });

  it('has no import circle', () => {
    expect(loopsOf(graph).map((loop) => loop.map(rel))).toEqual([]);
  });
});

describe('env/, the server’s ground floor', () => {
  it('imports nothing of db/ or functions/', () => {
    expect(sourceFilesUnder(path.join(ROOT, 'env')).length).toBeGreaterThan(1);
    expect(importsOutside('env', (target) => within('env')(target) || within('src/shared')(target))).toEqual([]);
  });
});

describe('db/, the database layer', () => {
  it('imports nothing of functions/ (its seed, written through the services, aside)', () => {
    expect(importsOutside('db', (target) => !within('functions')(target), within('db/seed'))).toEqual([]);
  });
});

describe('functions/', () => {
  const graph = domainGraph(ROOT);

  it('_shared imports no domain', () => {
    expect([...graph.edges.get('_shared')!].map((to) => graph.behind.get(`_shared>${to}`))).toEqual([]);
  });

  it('has domains that import each other in no loop (tsx scripts/import-loops.ts --edges says which files, if any)', () => {
    expect(graph.domains.length).toBeGreaterThan(25);
    expect(loopsOf(graph.edges)).toEqual([]);
  });
});
