/**
 * How common a search word is (functions/catalogue/search.service.ts, docs/decisions/016): the
 * share of products its tsquery matches, from the most common lexemes ANALYZE keeps, decides
 * whether it is weak.
 */
import { describe, expect, it } from 'vitest';
import { defaultPostgresSearchConcurrency, searchLimits, searchWords, shareOf, WEAK_WORD_SHARE } from '@/functions/catalogue/search.service';
import { getEnv } from '@/env';

const common = new Map([
  ['ai', 0.9],
  ['aim', 0.04],
  ['autom', 0.2],
  ['bot', 0.03],
  ["o'neil", 0.12],
]);

describe('shareOf', () => {
  it('sums the lexemes a prefix matches, and only the one an exact lexeme names', () => {
    expect(shareOf("'ai':*", common)).toBeCloseTo(0.94);
    expect(shareOf("'ai'", common)).toBeCloseTo(0.9);
    expect(shareOf("'autom':*", common)).toBeCloseTo(0.2);
  });

  it('adds the alternatives of a corrected word, and caps the share at 1', () => {
    expect(shareOf("'bott':* | 'bot':*", common)).toBeCloseTo(0.03);
    expect(shareOf("'ai':* | 'autom':*", common)).toBe(1);
  });

  it('is 0 for a word too rare to be listed, and reads quoted lexemes', () => {
    expect(shareOf("'zephyr':*", common)).toBe(0);
    expect(shareOf("'o''neil'", common)).toBeCloseTo(0.12);
    expect(shareOf('', common)).toBe(0);
  });

  it("makes 'ai' and 'automation' weak and 'bot' strong", () => {
    expect(shareOf("'ai':*", common)).toBeGreaterThanOrEqual(WEAK_WORD_SHARE);
    expect(shareOf("'autom':*", common)).toBeGreaterThanOrEqual(WEAK_WORD_SHARE);
    expect(shareOf("'bot':*", common)).toBeLessThan(WEAK_WORD_SHARE);
  });
});

describe('searchWords', () => {
  it('keeps lowercase letters and digits, once each, at most eight', () => {
    expect(searchWords('AI  chat-bot, AI!')).toEqual(['ai', 'chat', 'bot']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe('searches at once', () => {
  it('on PostgreSQL: two per core, at least 2, at most 8 (two pool connections stay free)', () => {
    expect([1, 2, 3, 4, 16].map((cores) => defaultPostgresSearchConcurrency(cores))).toEqual([2, 4, 6, 8, 8]);
  });

  it('SEARCH_CONCURRENCY overrides the default; PGlite runs 2', () => {
    expect(searchLimits('pglite', getEnv({})).maxActive).toBe(2);
    expect(searchLimits('neon', getEnv({ SEARCH_CONCURRENCY: '5' })).maxActive).toBe(5);
  });

  it('a search waits for its turn at most three quarters of its deadline, keeping the last quarter to run', () => {
    expect(searchLimits('pglite', getEnv({})).maxWaitMs).toBe(1500);
    expect(searchLimits('neon', getEnv({ SEARCH_TIMEOUT_MS: '4000' })).maxWaitMs).toBe(3000);
  });
});
