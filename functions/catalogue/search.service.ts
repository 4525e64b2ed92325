/**
 * Marketplace search: validates parameters (src/shared/search.ts), corrects typos against
 * the catalogue vocabulary, runs the query and pages with an opaque keyset cursor.
 */
import type { Db } from '../../db/database';
import { AppError } from '../_shared/errors';
import { isTimestampText, isUuid } from '../../src/shared/ids';
import { BUDGET_BOUNDS, effectiveSort, PAGE_SIZE, SearchParamsSchema, type SearchParams } from '../../src/shared/search';
import type { ProductCard } from '../../src/shared/products';
import { toProductCard } from './catalogue.mapper';
import { cursorValueOf, matchSearchWords, searchProducts, type SortKey } from './search.repository';

export interface SearchResult {
  items: ProductCard[];
  nextCursor: string | null;
  /** Words that were corrected, e.g. { chatbto: 'chatbot' }, so the UI can say so. */
  corrections: Record<string, string>;
}

/** Lowercase alphanumeric words: the only characters that reach to_tsquery. */
export function searchWords(text: string): string[] {
  return [...new Set(text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 0))].slice(0, 8);
}

interface Cursor {
  s: SortKey;
  v: string;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
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

function decodeCursor(raw: string, sort: SortKey): Cursor {
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (parsed.s === sort && typeof parsed.v === 'string' && parsed.v.length < 100 && CURSOR_VALUE[sort](parsed.v) && isUuid(parsed.id)) {
      return parsed as Cursor;
    }
  } catch {
    // fall through
  }
  throw new AppError('VALIDATION_FAILED', 'Invalid cursor', { cursor: 'Invalid cursor: start again from the first page' });
}

export async function buildTsquery(db: Db, text: string): Promise<{ tsquery?: string; corrections: Record<string, string> }> {
  const words = searchWords(text);
  if (!words.length) return { corrections: {} };
  const matches = await matchSearchWords(db, words);
  const corrections: Record<string, string> = {};
  const groups = matches.map((m) => {
    const alternatives = new Set([m.input]);
    if (!m.exact && m.near) {
      alternatives.add(m.near);
      corrections[m.input] = m.near;
    }
    // Prefix matching lets 'autom' find 'automation' while typing.
    return `(${[...alternatives].map((w) => `${w}:*`).join(' | ')})`;
  });
  return { tsquery: groups.join(' & '), corrections };
}

export async function searchCatalogue(db: Db, raw: Record<string, string | undefined>): Promise<SearchResult> {
  const params: SearchParams = SearchParamsSchema.parse(raw);
  const sort = effectiveSort(params);
  const limit = params.limit ?? PAGE_SIZE;
  const { tsquery, corrections } = params.search ? await buildTsquery(db, params.search) : { tsquery: undefined, corrections: {} };
  // A search of only punctuation matches nothing rather than everything.
  if (params.search && !tsquery) return { items: [], nextCursor: null, corrections };
  const after = params.cursor ? decodeCursor(params.cursor, sort) : undefined;

  const rows = await searchProducts(db, {
    ...(tsquery ? { tsquery } : {}),
    ...(params.category ? { category: params.category } : {}),
    ...(params.type ? { contentType: params.type } : {}),
    ...(params.budget ? { price: BUDGET_BOUNDS[params.budget] } : {}),
    ...(params.tool ? { tool: params.tool } : {}),
    ...(params.pricing ? { pricingModel: params.pricing } : {}),
    ...(params.level ? { technicalLevel: params.level } : {}),
    sort,
    ...(after ? { after: { value: after.v, id: after.id } } : {}),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toProductCard),
    nextCursor: rows.length > limit && last ? encodeCursor({ s: sort, v: cursorValueOf(last, sort), id: last.id }) : null,
    corrections,
  };
}
