/**
 * The marketplace search query: full text with typo correction, filters, sort and keyset
 * pagination, over published products only (the base query filters status).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import { selectPublishedProducts, type PublishedProductRow } from './catalogue.repository';

export type SortKey = 'relevance' | 'newest' | 'popular' | 'top_rated' | 'price_asc' | 'price_desc';

export interface SearchQuery {
  /** A to_tsquery expression built from sanitized words, or undefined for no text search. */
  tsquery?: string;
  category?: string;
  contentType?: string;
  price?: { min?: number; max?: number; exact?: number };
  tool?: string;
  pricingModel?: string;
  technicalLevel?: string;
  sort: SortKey;
  /** Position after which to continue: the sort value as text and the id. */
  after?: { value: string; id: string };
  limit: number;
}

export type SearchRow = PublishedProductRow & { sort_key: unknown; created_at_text: string };

interface SortSpec {
  expr: RawBuilder<unknown>;
  cast: 'timestamptz' | 'integer' | 'numeric' | 'real';
  direction: 'asc' | 'desc';
}

/** The query's tsquery, computed once per statement through a lateral join (tsq.q). */
const RANK = sql`ts_rank(p.search_vector, tsq.q)`;

const SORTS: Record<SortKey, SortSpec> = {
  newest: { expr: sql`p.created_at`, cast: 'timestamptz', direction: 'desc' },
  popular: { expr: sql`p.downloads_count`, cast: 'integer', direction: 'desc' },
  top_rated: { expr: sql`p.rating`, cast: 'numeric', direction: 'desc' },
  price_asc: { expr: sql`p.price`, cast: 'numeric', direction: 'asc' },
  price_desc: { expr: sql`p.price`, cast: 'numeric', direction: 'desc' },
  relevance: { expr: RANK, cast: 'real', direction: 'desc' },
};

/**
 * The sort value of a row as exact text for the cursor: timestamps keep their microseconds
 * (a JS Date would drop them and make pages skip or repeat rows).
 */
export function cursorValueOf(row: SearchRow, sort: SortKey): string {
  return sort === 'newest' ? row.created_at_text : String(row.sort_key);
}

export async function searchProducts(db: Db, q: SearchQuery): Promise<SearchRow[]> {
  const sort = SORTS[q.sort];
  let query = selectPublishedProducts(db)
    .innerJoin(sql<{ q: string }>`(select to_tsquery('english', ${q.tsquery ?? ''}) as q)`.as('tsq'), (join) => join.onTrue())
    .select([sort.expr.as('sort_key'), sql<string>`p.created_at::text`.as('created_at_text')]);

  if (q.tsquery) query = query.where(sql<boolean>`p.search_vector @@ tsq.q`);
  if (q.category) query = query.where('p.category_id', '=', q.category);
  if (q.contentType) query = query.where('p.content_type', '=', q.contentType);
  if (q.tool) query = query.where('p.ai_tool_type', '=', q.tool);
  if (q.pricingModel) query = query.where('p.pricing_model', '=', q.pricingModel as never);
  if (q.technicalLevel) query = query.where('p.technical_level', '=', q.technicalLevel as never);
  // numeric columns read as strings; compare them as numbers.
  const price = sql<number>`p.price`;
  if (q.price?.exact !== undefined) query = query.where(price, '=', q.price.exact);
  if (q.price?.min !== undefined) query = query.where(price, '>=', q.price.min);
  if (q.price?.max !== undefined) query = query.where(price, '<', q.price.max);

  if (q.after) {
    const value = sql`${q.after.value}::${sql.raw(sort.cast)}`;
    const id = sql`${q.after.id}::uuid`;
    query = query.where(
      sort.direction === 'desc'
        ? sql<boolean>`(${sort.expr}, p.id) < (${value}, ${id})`
        : sql<boolean>`(${sort.expr}, p.id) > (${value}, ${id})`,
    );
  }

  // Ordering by the output column computes the rank once per row.
  return (await query
    .orderBy(sql`sort_key ${sql.raw(sort.direction)}`)
    .orderBy('p.id', sort.direction)
    .limit(q.limit)
    .execute()) as SearchRow[];
}

export interface WordMatch {
  input: string;
  exact: string | null;
  near: string | null;
}

/** For each word: is it in the vocabulary, and if not, the closest vocabulary word by trigrams. */
export async function matchSearchWords(db: Db, words: string[]): Promise<WordMatch[]> {
  if (!words.length) return [];
  const result = await sql<WordMatch>`
    select w.input,
      (select s.word from search_words s where s.word = w.input) as exact,
      (select s.word from search_words s where s.word % w.input order by s.word <-> w.input limit 1) as near
    from unnest(${sql.val(words)}::text[]) with ordinality as w(input, n)
    order by w.n
  `.execute(db);
  return result.rows;
}
