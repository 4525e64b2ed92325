/**
 * Marketplace search: validates parameters (src/shared/search.ts), corrects typos against
 * the catalogue vocabulary, tells weak words from strong ones, runs the bounded query of
 * search.repository.ts and pages with an opaque keyset cursor. GET /api/products runs it
 * under searchGuard (src/pages/api/products/index.ts, docs/decisions/016).
 */
import { LRUCache } from 'lru-cache';
import os from 'node:os';
import * as z from 'zod/mini';
import type { Db, DbHandle } from '@/db/database';
import { decodeCursor, encodeCursor } from '../_shared/cursor';
import { getEnv } from '@/env';
import { ReadGuard, type ReadGuardLimits } from '../_shared/read-guard';
import { isTimestampText, isUuid } from '@/src/shared/ids';
import { BUDGET_BOUNDS, effectiveSort, PAGE_SIZE, SearchParamsSchema, type SearchParams } from '@/src/shared/search';
import type { ProductCard } from '@/src/shared/products';
import { toProductCard } from './catalogue.mapper';
import {
  analyzeSearchWords,
  cursorValueOf,
  findCommonLexemes,
  searchProducts,
  type QueryOptions,
  type SortKey,
  type TextMatch,
  type WordAnalysis,
} from './search.repository';

/**
 * Searches at once on PostgreSQL by default: two per core of this machine, at most 8 (two of
 * the pool's 10 connections stay for everything else). Each search also costs this process
 * about 1.6 ms of CPU (HTTP, the driver, JSON, compression): more at once than the cores can
 * serve only time-share them, and the slow ones grow the tail. Measured on 2 cores at 100k
 * products and 10 clients: 8 at once p95 45 to 50 ms, 4 at once 41 to 42 ms with the same
 * answers a second (docs/benchmarks.md, Search).
 */
export function defaultPostgresSearchConcurrency(cores = os.availableParallelism()): number {
  return Math.max(2, Math.min(8, 2 * cores));
}

/**
 * The search cap and deadline of this process (SEARCH_CONCURRENCY, SEARCH_TIMEOUT_MS). A search
 * queues for its turn while it can still be answered in time: it waits at most three quarters
 * of the deadline (1.5 s of 2 s), and the last quarter is the search's own, 40 times the
 * slowest search of the mix at one client (docs/benchmarks.md, Search). PGlite runs one
 * statement at a time on its one thread, so searches there are served one after the other
 * whatever the cap: 2 keeps the next one ready, and the queue, not a refusal, absorbs a burst
 * (at 50 clients, with half a deadline to wait, 886 of 2,064 answers were 503: issue 30,
 * docs/decisions/066). On PostgreSQL the same rule; its pool serves several at once.
 */
export function searchLimits(driver: DbHandle['driver'], env = getEnv()): ReadGuardLimits {
  const maxActive = env.SEARCH_CONCURRENCY ?? (driver === 'pglite' ? 2 : defaultPostgresSearchConcurrency());
  return {
    maxActive,
    maxQueued: Math.max(100, 10 * maxActive),
    maxWaitMs: Math.floor((env.SEARCH_TIMEOUT_MS * 3) / 4),
    timeoutMs: env.SEARCH_TIMEOUT_MS,
  };
}

export const searchGuard = new ReadGuard('search', (driver) => searchLimits(driver));

export interface SearchResult {
  items: ProductCard[];
  nextCursor: string | null;
  /** Words that were corrected, e.g. { chatbto: 'chatbot' }, so the UI can say so. */
  corrections: Record<string, string>;
}

/** Lowercase alphanumeric words: the only characters that reach to_tsquery. */
export function searchWords(text: string): string[] {
  return [
    ...new Set(
      text
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter((w) => w.length > 0),
    ),
  ].slice(0, 8);
}

const DECIMAL = /^-?\d{1,20}(\.\d{1,20})?$/;
const FLOAT = /^-?\d{1,20}(\.\d{1,20})?(e[+-]?\d{1,2})?$/i;

/**
 * What a cursor's sort value must look like for each sort, so that PostgreSQL accepts it as
 * the column's type (a well-formed cursor with a bad timestamp was a 500, docs/decisions/010).
 */
const CURSOR_VALUE: Record<SortKey, (value: string) => boolean> = {
  newest: isTimestampText,
  popular: (v) => /^-?\d{1,10}$/.test(v) && Math.abs(Number(v)) <= 2 ** 31 - 1,
  top_rated: (v) => DECIMAL.test(v),
  price_asc: (v) => DECIMAL.test(v),
  price_desc: (v) => DECIMAL.test(v),
  // real: PostgreSQL refuses magnitudes outside about 1e-37..1e38.
  relevance: (v) => FLOAT.test(v) && (Number(v) === 0 || (Math.abs(Number(v)) > 1e-37 && Math.abs(Number(v)) < 1e38)),
};

/**
 * A search cursor (the shared codec, functions/_shared/cursor.ts): the sort asked for (`s`), the
 * last row's sort value as exact text (`v`) and id, and `by: 'popular'` when a relevance search
 * of weak words only ran in popularity order (see findProducts). Valid only for the sort it
 * was made for, with a value PostgreSQL takes as that sort's column type.
 */
function buildCursorSchema(sort: SortKey) {
  return z
    .strictObject({
      s: z.literal(sort),
      v: z.string().check(z.maxLength(99)),
      id: z.string().check(z.refine(isUuid)),
      by: z.optional(z.literal('popular')),
    })
    .check(z.refine((c) => (c.by === undefined || sort === 'relevance') && CURSOR_VALUE[c.by ?? sort](c.v)));
}

/** The cursor schema of each sort, built once: building one cost more than checking a cursor with it. */
const CURSOR_SCHEMAS = new Map<SortKey, ReturnType<typeof buildCursorSchema>>();

function cursorSchema(sort: SortKey): ReturnType<typeof buildCursorSchema> {
  let schema = CURSOR_SCHEMAS.get(sort);
  if (!schema) CURSOR_SCHEMAS.set(sort, (schema = buildCursorSchema(sort)));
  return schema;
}

/**
 * Words in at least this share of the catalogue are weak: as a filter they barely narrow the
 * search, their index entries are the costly part of a lookup (a word in every product is
 * 100,000 entries at 100k), and as a rank they favour every product alike. Below it, a word
 * finds at most a tenth of the catalogue for ranking (docs/decisions/016).
 */
export const WEAK_WORD_SHARE = 0.1;

/**
 * What search learns about words changes slowly (the vocabulary grows with new products, the
 * common lexemes change when the table is analysed), so with a `cacheKey` naming the database
 * it is reused for a minute in this process: a repeated word costs no query, and the pg_stats
 * view, costly to plan on PGlite, is read once a minute. Tests pass no key and always ask.
 */
const WORD_CACHE_TTL_MS = 60_000;
/** lru-cache, not a Map trimmed by hand: deleting a Map's oldest key leaves holes that every later "oldest" lookup walks (13 µs each at 20,000 entries, docs/decisions/076). */
const wordCache = new LRUCache<string, { value: unknown }>({ max: 10_000, ttl: WORD_CACHE_TTL_MS });

function cached<T>(key: string): T | undefined {
  return wordCache.get(key)?.value as T | undefined;
}

function remember(key: string, value: unknown): void {
  wordCache.set(key, { value });
}

/** analyzeSearchWords(), asking only for the words not known for this database. */
async function analyseWords(db: Db, words: string[], cacheKey: string | undefined, options: QueryOptions): Promise<WordAnalysis[]> {
  if (!cacheKey) return analyzeSearchWords(db, words, options);
  const key = (word: string) => `${cacheKey}\0word\0${word}`;
  const known = new Map<string, WordAnalysis>();
  for (const word of words) {
    const analysis = cached<WordAnalysis>(key(word));
    if (analysis) known.set(word, analysis);
  }
  for (const analysis of await analyzeSearchWords(
    db,
    words.filter((w) => !known.has(w)),
    options,
  )) {
    remember(key(analysis.input), analysis);
    known.set(analysis.input, analysis);
  }
  return words.map((w) => known.get(w)!);
}

/** findCommonLexemes() for this database. */
async function commonLexemes(db: Db, cacheKey: string | undefined, options: QueryOptions): Promise<Map<string, number>> {
  if (!cacheKey) return findCommonLexemes(db, options);
  const key = `${cacheKey}\0common`;
  const known = cached<Map<string, number>>(key);
  if (known) return known;
  const lexemes = await findCommonLexemes(db, options);
  remember(key, lexemes);
  return lexemes;
}

/** The share of products a word's tsquery matches: its lexemes, by prefix where it has :*, among the common ones. */
export function shareOf(tsquery: string, common: Map<string, number>): number {
  let share = 0;
  for (const [, quoted, prefix] of tsquery.matchAll(/'((?:[^']|'')*)'(:\*)?/g)) {
    const lexeme = quoted!.replaceAll("''", "'");
    for (const [candidate, frequency] of common) if (prefix ? candidate.startsWith(lexeme) : candidate === lexeme) share += frequency;
  }
  return Math.min(1, share);
}

export interface TextSearch {
  /** Absent when the search has no word that can match (only punctuation or stop words). */
  match?: TextMatch;
  /** Words that were corrected, e.g. { chatbto: 'chatbot' }. */
  corrections: Record<string, string>;
}

/**
 * The full-text match of a search: every word must match (a typo or its correction); the
 * strong words find and rank the rows, the weak ones are checked on them. A search of weak
 * words only is found by all of them and not ranked: they say equally little of every match.
 */
export async function buildTextSearch(db: Db, text: string, options: QueryOptions & { cacheKey?: string } = {}): Promise<TextSearch> {
  const words = searchWords(text);
  if (!words.length) return { corrections: {} };
  const queryOptions = options.signal ? { signal: options.signal } : {};
  const analysed = (await analyseWords(db, words, options.cacheKey, queryOptions)).filter((w) => w.tsquery !== '');
  const corrections: Record<string, string> = {};
  for (const w of analysed) if (!w.exact && w.near) corrections[w.input] = w.near;
  if (!analysed.length) return { corrections };
  const common = await commonLexemes(db, options.cacheKey, queryOptions);
  const and = (list: typeof analysed) => list.map((w) => `(${w.tsquery})`).join(' & ');
  const strong = analysed.filter((w) => shareOf(w.tsquery, common) < WEAK_WORD_SHARE);
  const weak = analysed.filter((w) => !strong.includes(w));
  const match: TextMatch = strong.length
    ? { indexed: and(strong), ...(weak.length ? { checked: and(weak) } : {}), ranked: true }
    : { indexed: and(weak), ranked: false };
  return { match, corrections };
}

export interface SearchOptions extends QueryOptions {
  /** Relevance candidates; RELEVANCE_CANDIDATES unless a test wants fewer. */
  candidates?: number;
  /** Names the database, so what is known about words is reused for a minute (see wordCache). */
  cacheKey?: string;
}

/**
 * Validates raw parameters (src/shared/search.ts) for callers outside the API (GET /api/products
 * has its route parse them): a zod error, which the API wrapper turns into a 400.
 */
function parseSearchParams(raw: Record<string, string | undefined>): SearchParams {
  return z.parse(SearchParamsSchema, raw);
}

/** Search with raw parameters (a URL's query): validates, then findProducts(). */
export async function searchCatalogue(db: Db, raw: Record<string, string | undefined>, options: SearchOptions = {}): Promise<SearchResult> {
  return findProducts(db, parseSearchParams(raw), options);
}

/** Search with validated parameters. */
export async function findProducts(db: Db, params: SearchParams, options: SearchOptions = {}): Promise<SearchResult> {
  const sort = effectiveSort(params);
  const limit = params.limit ?? PAGE_SIZE;
  const after = decodeCursor(params.cursor, cursorSchema(sort)) ?? undefined;
  const queryOptions = options.signal ? { signal: options.signal } : {};
  const { match, corrections } = params.search
    ? await buildTextSearch(db, params.search, { ...queryOptions, ...(options.cacheKey ? { cacheKey: options.cacheKey } : {}) })
    : { match: undefined, corrections: {} };
  // A search of only punctuation or stop words matches nothing rather than everything.
  if (params.search && !match) return { items: [], nextCursor: null, corrections };

  // Relevance means nothing among matches of weak words only ('ai' is in every product): their
  // most popular come first, a keyset page as cheap at page 5 as at page 1. A cursor keeps the
  // order its first page had, even if the statistics changed since.
  const order: SortKey = sort === 'relevance' && (after ? after.by === 'popular' : match?.ranked === false) ? 'popular' : sort;
  const rows = await searchProducts(
    db,
    {
      ...(match ? { text: match } : {}),
      ...(params.category ? { category: params.category } : {}),
      ...(params.type ? { contentType: params.type } : {}),
      ...(params.budget ? { price: BUDGET_BOUNDS[params.budget] } : {}),
      ...(params.tool ? { tool: params.tool } : {}),
      ...(params.pricing ? { pricingModel: params.pricing } : {}),
      ...(params.level ? { technicalLevel: params.level } : {}),
      sort: order,
      ...(after ? { after: { value: after.v, id: after.id } } : {}),
      limit: limit + 1,
      ...(options.candidates ? { candidates: options.candidates } : {}),
    },
    queryOptions,
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toProductCard),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor({ s: sort, v: cursorValueOf(last, order), id: last.id, ...(order !== sort ? { by: 'popular' as const } : {}) })
        : null,
    corrections,
  };
}
