/**
 * How common a search word is (functions/catalogue/search.service.ts, docs/decisions/016): the
 * share of products its tsquery matches, from the most common lexemes ANALYZE keeps, decides
 * whether it is weak.
 */
import { describe, expect, it } from 'vitest';
import { MIN_WEAK_WORD_SHARE, searchWords, shareOf, WEAK_WORD_SHARE, weakWordShare } from '@/functions/catalogue/search.service';

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

describe('weakWordShare', () => {
  it('keeps the 10% bar for small catalogues and lowers it as the catalogue grows, never under 1%', () => {
    expect(weakWordShare(0)).toBe(WEAK_WORD_SHARE); // never analysed
    expect(weakWordShare(65)).toBe(WEAK_WORD_SHARE);
    expect(weakWordShare(10_000)).toBe(WEAK_WORD_SHARE);
    expect(weakWordShare(100_000)).toBeCloseTo(Math.sqrt(120 / 100_000), 6); // about 3.5%
    expect(weakWordShare(1_000_000)).toBeCloseTo(0.011, 3);
    expect(weakWordShare(100_000_000)).toBe(MIN_WEAK_WORD_SHARE);
    // A word in 5% of the products (the bench's 'podcast') is weak at 100k and ranked at 10k.
    expect(0.05).toBeGreaterThanOrEqual(weakWordShare(100_000));
    expect(0.05).toBeLessThan(weakWordShare(10_000));
    expect(shareOf("'bot':*", common)).toBeLessThan(weakWordShare(100_000));
  });
});

describe('searchWords', () => {
  it('keeps lowercase letters and digits, once each, at most eight', () => {
    expect(searchWords('AI  chat-bot, AI!')).toEqual(['ai', 'chat', 'bot']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });
});
