/**
 * The marketplace search query: full text with typo correction, filters, sort and keyset
 * pagination, over published products only (publishedProducts and selectPublishedCards of
 * catalogue.repository.ts, docs/decisions/018). Its cost stays bounded at any catalogue size
 * (docs/decisions/016):
 * - relevance ranks a bounded candidate set: the RELEVANCE_CANDIDATES most popular matches
 *   (products_published_downloads_idx gives that order), so a word in every product ranks
 *   2,000 rows, not 100,000, and a cursor page costs what the first page costs;
 * - weak words (in a large share of the catalogue: 'ai', 'automation') are checked on the
 *   rows the other words find, not looked up in the full-text index, and do not rank (a
 *   search of weak words only is ordered by popularity, search.service.ts);
 * - tsqueries arrive as constants (PostgreSQL's own text form, from analyzeSearchWords), so
 *   the planner sees how many rows they match and picks the index for it;
 * - only the columns a product card shows are read, and for a ranked page only its own rows.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@/db/database';
import { publishedProducts, selectPublishedCards, type PublishedCardRow } from './catalogue.repository';

export type SortKey = 'relevance' | 'newest' | 'popular' | 'top_rated' | 'price_asc' | 'price_desc';

/** How many matches relevance ranks at most: the most popular ones. */
const RELEVANCE_CANDIDATES = 2000;

/** The full-text part of a search, as tsquery texts. */
export interface TextMatch {
  /** Matched with @@ (found through the GIN index) and ranked by. */
  indexed: string;
  /** Weak words, checked on the rows `indexed` found; absent when every word is weak or none is. */
  checked?: string;
  /** Whether `indexed` has a strong word to rank by; false when every word is weak. */
  ranked: boolean;
}

export interface SearchQuery {
  text?: TextMatch;
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
  /** Relevance candidates (tests use a small number); RELEVANCE_CANDIDATES by default. */
  candidates?: number;
}

export type SearchRow = PublishedCardRow & { sort_key: unknown; created_at_text: string };

export interface QueryOptions {
  /** Aborts a query still waiting for its connection (the client left, or the deadline passed). */
  signal?: AbortSignal;
}

interface SortSpec {
  expr: RawBuilder<unknown>;
  cast: 'timestamptz' | 'integer' | 'numeric' | 'real';
  direction: 'asc' | 'desc';
}

const SORTS: Record<Exclude<SortKey, 'relevance'>, SortSpec> = {
  newest: { expr: sql`p.created_at`, cast: 'timestamptz', direction: 'desc' },
  popular: { expr: sql`p.downloads_count`, cast: 'integer', direction: 'desc' },
  // The Bayesian average of the product's reviews (docs/decisions/029), 0 without reviews.
  top_rated: { expr: sql`p.rating_score`, cast: 'numeric', direction: 'desc' },
  price_asc: { expr: sql`p.price`, cast: 'numeric', direction: 'asc' },
  price_desc: { expr: sql`p.price`, cast: 'numeric', direction: 'desc' },
};

/**
 * The sort value of a row as exact text for the cursor: timestamps keep their microseconds
 * (a JS Date would drop them and make pages skip or repeat rows).
 */
export function cursorValueOf(row: SearchRow, sort: SortKey): string {
  return sort === 'newest' ? row.created_at_text : String(row.sort_key);
}

/** Product cards (catalogue.repository.ts) with the creation time as exact text, for cursors. */
function selectCards(db: Db) {
  return selectPublishedCards(db).select(sql<string>`p.created_at::text`.as('created_at_text'));
}

/** The search's conditions on published products p (the base query holds the status). */
function conditions(q: SearchQuery): RawBuilder<boolean> {
  const all: RawBuilder<unknown>[] = [];
  if (q.text) {
    all.push(sql`p.search_vector @@ ${q.text.indexed}::tsquery`);
    // ts_match_vq is @@ as a function: the planner cannot use the index for it, by design.
    if (q.text.checked) all.push(sql`ts_match_vq(p.search_vector, ${q.text.checked}::tsquery)`);
  }
  if (q.category) all.push(sql`p.category_id = ${q.category}`);
  if (q.contentType) all.push(sql`p.content_type = ${q.contentType}`);
  if (q.tool) all.push(sql`p.ai_tool_type = ${q.tool}`);
  if (q.pricingModel) all.push(sql`p.pricing_model = ${q.pricingModel}`);
  if (q.technicalLevel) all.push(sql`p.technical_level = ${q.technicalLevel}`);
  if (q.price?.exact !== undefined) all.push(sql`p.price = ${q.price.exact}`);
  if (q.price?.min !== undefined) all.push(sql`p.price >= ${q.price.min}`);
  if (q.price?.max !== undefined) all.push(sql`p.price < ${q.price.max}`);
  return all.length ? sql<boolean>`(${sql.join(all, sql` and `)})` : sql<boolean>`true`;
}

export async function searchProducts(db: Db, q: SearchQuery, options: QueryOptions = {}): Promise<SearchRow[]> {
  if (q.sort === 'relevance') {
    if (!q.text) throw new Error('relevance needs a text search');
    return searchByRelevance(db, { ...q, text: q.text }, options);
  }
  const sort = SORTS[q.sort];
  let query = selectCards(db).select(sort.expr.as('sort_key')).where(conditions(q));
  if (q.after) {
    const value = sql`${q.after.value}::${sql.raw(sort.cast)}`;
    const id = sql`${q.after.id}::uuid`;
    query = query.where(
      sort.direction === 'desc' ? sql<boolean>`(${sort.expr}, p.id) < (${value}, ${id})` : sql<boolean>`(${sort.expr}, p.id) > (${value}, ${id})`,
    );
  }
  return (await query
    .orderBy(sql`${sort.expr} ${sql.raw(sort.direction)}`)
    .orderBy('p.id', sort.direction)
    .limit(q.limit)
    .execute(options)) as SearchRow[];
}

/**
 * Relevance over a bounded candidate set: the most popular `candidates` matches are ranked,
 * the page is cut from them by (rank, id) below the cursor, and only its rows are joined to
 * their columns. The LIMIT inside the subquery keeps PostgreSQL from flattening it.
 */
async function searchByRelevance(db: Db, q: SearchQuery & { text: TextMatch }, options: QueryOptions): Promise<SearchRow[]> {
  const candidates = publishedProducts(db)
    .where(conditions(q))
    .select(['p.id', sql<number>`ts_rank(p.search_vector, ${q.text.indexed}::tsquery)`.as('rank')])
    .orderBy('p.downloads_count', 'desc')
    .orderBy('p.id', 'desc')
    .limit(q.candidates ?? RELEVANCE_CANDIDATES);
  const below = q.after ? sql`where (cand.rank, cand.id) < (${q.after.value}::real, ${q.after.id}::uuid)` : sql``;
  const page = sql<{ id: string; rank: number }>`(
    select cand.id, cand.rank from (${candidates}) as cand
    ${below}
    order by cand.rank desc, cand.id desc
    limit ${q.limit}
  )`;
  return (await selectCards(db)
    .innerJoin(page.as('page'), 'page.id', 'p.id')
    .select('page.rank as sort_key')
    .orderBy('page.rank', 'desc')
    .orderBy('p.id', 'desc')
    .execute(options)) as SearchRow[];
}

export interface WordAnalysis {
  input: string;
  /** The word itself when the vocabulary has it. */
  exact: string | null;
  /** The closest vocabulary word by trigrams, for a word the vocabulary lacks. */
  near: string | null;
  /** The word's tsquery with prefix matching (and its correction as an alternative), in PostgreSQL's text form; '' for a stop word. */
  tsquery: string;
}

/**
 * For each word: is it in the vocabulary, the closest vocabulary word if not, and its tsquery
 * (prefix matching lets 'autom' find 'automation' while typing; a correction is an
 * alternative: 'chatbto' -> 'chatbto':* | 'chatbot':*), normalised by PostgreSQL itself.
 */
export async function analyzeSearchWords(db: Db, words: string[], options: QueryOptions = {}): Promise<WordAnalysis[]> {
  if (!words.length) return [];
  // Materialized: each row's correction is looked up once, not once per reference to it.
  const result = await sql<WordAnalysis>`
    with w as materialized (
      select w.input, w.n, e.word as exact,
        case when e.word is null then (select s.word from search_words s where s.word % w.input order by s.word <-> w.input limit 1) end as near
      from unnest(${sql.val(words)}::text[]) with ordinality as w(input, n)
      left join search_words e on e.word = w.input
    )
    select w.input, w.exact, w.near,
      to_tsquery('english', case when w.exact is null and w.near is not null then w.input || ':* | ' || w.near || ':*' else w.input || ':*' end)::text as tsquery
    from w
    order by w.n
  `.execute(db, options);
  return result.rows;
}

/**
 * The most common lexemes of products.search_vector and the share of products holding each,
 * as ANALYZE keeps them (pg_stats.most_common_elems): empty until the table is analysed.
 */
export async function findCommonLexemes(db: Db, options: QueryOptions = {}): Promise<Map<string, number>> {
  const result = await sql<{ lexeme: string; share: number }>`
    select e.lexeme, e.share::float8 as share
    from pg_stats st, unnest(st.most_common_elems::text::text[], st.most_common_elem_freqs) as e(lexeme, share)
    where st.schemaname = current_schema() and st.tablename = 'products' and st.attname = 'search_vector' and e.lexeme is not null
  `.execute(db, options);
  return new Map(result.rows.map((r) => [r.lexeme, Number(r.share)]));
}
