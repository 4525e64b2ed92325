/**
 * Search that holds under load (docs/decisions/016), for correctness: weak words (in a large
 * share of the catalogue, known from the planner's statistics once the table is analysed)
 * still match exactly what they matched before, page by cursor without duplicates or gaps,
 * and a search of weak words only is ordered by popularity; ranking a bounded candidate set
 * still puts the best matches among the candidates first.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTextSearch, searchCatalogue, WEAK_WORD_SHARE } from '@/functions/catalogue/search.service';
import { createProduct, createUser } from '../support/factories';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestDb();
  const creator = await createUser(t.db, { fullName: 'Ines Ortega' });
  const make = async (key: string, values: Parameters<typeof createProduct>[2]) => {
    ids[key] = (await createProduct(t.db, creator.id, values)).id;
  };
  // 'quokka' is in every product: a weak word. 'zephyr' is in five of 65: strong.
  for (let i = 0; i < 60; i++) {
    await make(`bulk${i}`, { title: `Quokka Template ${i}`, tags: ['quokka'], downloads_count: (i * 7) % 23, status: i % 10 === 9 ? 'draft' : 'published' });
  }
  await make('zTitle', { title: 'Zephyr Quokka Assistant', downloads_count: 1 });
  await make('zTags', { title: 'Quokka Helper', tags: ['zephyr'], downloads_count: 2 });
  await make('zDesc1', { title: 'Quokka Desk', description: 'Works with zephyr.', downloads_count: 500 });
  await make('zDesc2', { title: 'Quokka Board', description: 'A zephyr board.', downloads_count: 400 });
  await make('zDesc3', { title: 'Quokka Wall', description: 'Made for zephyr.', downloads_count: 300 });
  // The statistics a server keeps (db/statistics.ts on PGlite, autovacuum on PostgreSQL).
  await sql`analyze products`.execute(t.db);
});
afterAll(async () => t?.close());

const search = (params: Record<string, string>, options = {}) => searchCatalogue(t.db, params, options);

async function collect(params: Record<string, string>, options = {}) {
  const seen: { id: string; downloadsCount: number }[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await search({ ...params, limit: '4', ...(cursor ? { cursor } : {}) }, options);
    seen.push(...page.items);
    cursor = page.nextCursor;
    pages++;
  } while (cursor && pages < 40);
  return seen;
}

describe('weak words', () => {
  it('are told from strong ones by the statistics of the analysed table', async () => {
    const weakOnly = await buildTextSearch(t.db, 'quokka');
    expect(weakOnly.match).toEqual({ indexed: "('quokka':*)", ranked: false });
    const mixed = await buildTextSearch(t.db, 'quokka zephyr');
    expect(mixed.match).toEqual({ indexed: "('zephyr':*)", checked: "('quokka':*)", ranked: true });
    expect(WEAK_WORD_SHARE).toBeLessThan(1);
  });

  it('a search of weak words only finds every match, most popular first, and pages by cursor without duplicates or gaps', async () => {
    const all = await search({ search: 'quokka', limit: '60' });
    const published = 54 + 5; // drafts never show
    expect(all.items).toHaveLength(published);
    expect(all.items.map((p) => p.downloadsCount)).toEqual([...all.items.map((p) => p.downloadsCount)].sort((a, b) => b - a));
    // The same order as asking for the most popular explicitly.
    expect(all.items.map((p) => p.id)).toEqual((await search({ search: 'quokka', sort: 'popular', limit: '60' })).items.map((p) => p.id));
    const paged = await collect({ search: 'quokka' });
    expect(paged.map((p) => p.id)).toEqual(all.items.map((p) => p.id));
    expect(new Set(paged.map((p) => p.id)).size).toBe(published);
  });

  it('a weak word with a strong one matches exactly the products with both, ranked by the strong one', async () => {
    const both = await search({ search: 'quokka zephyr', limit: '60' });
    expect(both.items.map((p) => p.id).sort()).toEqual([ids['zTitle'], ids['zTags'], ids['zDesc1'], ids['zDesc2'], ids['zDesc3']].sort());
    // The title match first, then the tag match, then description matches.
    expect(both.items.slice(0, 2).map((p) => p.id)).toEqual([ids['zTitle'], ids['zTags']]);
    const paged = await collect({ search: 'quokka zephyr' });
    expect(paged.map((p) => p.id)).toEqual(both.items.map((p) => p.id));
  });

  it('a cursor keeps the order of its first page', async () => {
    const first = await search({ search: 'quokka', limit: '3' });
    const payload = JSON.parse(Buffer.from(first.nextCursor!, 'base64url').toString('utf8')) as { s: string; by?: string };
    expect(payload).toMatchObject({ s: 'relevance', by: 'popular' });
    const second = await search({ search: 'quokka', limit: '3', cursor: first.nextCursor! });
    expect(second.items[0]!.downloadsCount).toBeLessThanOrEqual(first.items[2]!.downloadsCount);
    // A ranked cursor refuses a popularity value it cannot hold, and the other way round.
    const ranked = await search({ search: 'zephyr', limit: '1' });
    const rankedPayload = JSON.parse(Buffer.from(ranked.nextCursor!, 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(rankedPayload['by']).toBeUndefined();
    const forged = Buffer.from(JSON.stringify({ ...payload, by: 'newest' })).toString('base64url');
    await expect(search({ search: 'quokka', cursor: forged })).rejects.toThrow('Invalid cursor');
  });
});

describe('the full-text index', () => {
  it('has no pending list for searches to read through: fast update is off (migration 2026-11-25-0300)', async () => {
    const index = await sql<{ options: string[] | null }>`select reloptions as options from pg_class where relname = 'products_search_idx'`.execute(t.db);
    expect(index.rows[0]?.options).toContain('fastupdate=off');
  });
});

describe('a bounded candidate set', () => {
  it('ranks every match when they fit: the title match comes first, whatever its popularity', async () => {
    const ranked = await search({ search: 'zephyr' });
    expect(ranked.items.map((p) => p.id).slice(0, 2)).toEqual([ids['zTitle'], ids['zTags']]);
    expect(ranked.items).toHaveLength(5);
  });

  it('ranks only the most popular matches when they do not, best first, and pages end with them', async () => {
    const bounded = await search({ search: 'zephyr', limit: '60' }, { candidates: 4 });
    // The four most downloaded matches; the title match (1 download) is left out, the tag match (2) ranks first.
    expect(bounded.items.map((p) => p.id)).toEqual([ids['zTags'], ...bounded.items.slice(1).map((p) => p.id)]);
    expect(bounded.items.map((p) => p.id).sort()).toEqual([ids['zTags'], ids['zDesc1'], ids['zDesc2'], ids['zDesc3']].sort());
    const paged = await collect({ search: 'zephyr' }, { candidates: 4 });
    expect(paged.map((p) => p.id)).toEqual(bounded.items.map((p) => p.id));
  });
});
