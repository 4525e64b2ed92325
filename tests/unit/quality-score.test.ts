/**
 * Quality scoring with the spec's numbers (sections 5 and 9): every deduction alone, then
 * combined, the floor at 0, the weights, the rounding, the levels and the messages.
 */
import { describe, expect, it } from 'vitest';
import {
  checkDemoUrl,
  checkVideoUrl,
  countSentences,
  levelFor,
  overallMessage,
  scoreDescription,
  scoreProduct,
  scoreShortDescription,
  scoreTags,
  scoreTitle,
  weightedScore,
} from '@/src/shared/quality-score';

const GOOD_TITLE = 'AI Contract Review Tool';
const GOOD_DESCRIPTION = 'Twenty prompts that help you review contracts faster. Use them to spot risky clauses and save hours.';
const GOOD_SHORT = 'Review contracts faster with AI.';
const GOOD_TAGS = ['automation', 'productivity', 'legal'];

describe('title', () => {
  it('scores 100 and is valid when every rule holds', () => {
    expect(scoreTitle(GOOD_TITLE)).toEqual({ score: 100, isValid: true, issues: [], suggestions: [] });
  });
  it('under 10 characters: issue, -20', () => {
    expect(scoreTitle('AI tool Xy')).toMatchObject({ score: 100, isValid: true }); // exactly 10
    expect(scoreTitle('AI Toolkit')).toMatchObject({ score: 100 });
    expect(scoreTitle('AI Tool X')).toMatchObject({ score: 80, isValid: false, issues: ['Title must be at least 10 characters'] });
  });
  it('over 100 characters: issue, -15', () => {
    const long = `AI Tool ${'Workflow '.repeat(11)}`.trim();
    expect(long.length).toBeGreaterThan(100);
    expect(scoreTitle(long)).toMatchObject({ score: 85, isValid: false, issues: ['Title must be at most 100 characters'] });
    expect(scoreTitle(`AI Tool ${'x'.repeat(92)}`)).toMatchObject({ score: 100, isValid: true }); // exactly 100
  });
  it('not starting with a capital: suggestion, -5', () => {
    expect(scoreTitle('ai contract review tool')).toEqual({ score: 95, isValid: true, issues: [], suggestions: ['Start the title with a capital letter'] });
  });
  it("no 'ai' or 'tool': suggestion, -10", () => {
    expect(scoreTitle('Contract Review Prompt Pack')).toMatchObject({ score: 90, isValid: true });
    expect(scoreTitle('Email Maintenance Pack')).toMatchObject({ score: 90 }); // 'ai' inside a word does not count
    expect(scoreTitle('Contract Toolkit Pack')).toMatchObject({ score: 100 });
  });
  it('fewer than 2 non-stopword words: suggestion, -15', () => {
    expect(scoreTitle('Toolkit for you and me')).toMatchObject({ score: 85, isValid: true, suggestions: ['Use at least two descriptive words in the title'] });
  });
  it('combines deductions', () => {
    // under 10 (-20), lowercase (-5), one word (-15)
    expect(scoreTitle('toolbox')).toMatchObject({ score: 60, isValid: false });
    // under 10 (-20), lowercase (-5), no keyword (-10), no non-stopword (-15)
    expect(scoreTitle('the')).toMatchObject({ score: 50 });
  });
  it('required: empty or blank costs everything, floored at 0 (not -25)', () => {
    for (const empty of ['', '   ', null, undefined]) {
      const s = scoreTitle(empty);
      expect(s).toMatchObject({ score: 0, isValid: false, issues: ['Title is required'] });
      expect(s.suggestions).toHaveLength(2);
    }
  });
});

describe('description', () => {
  it('scores 100 when every rule holds', () => {
    expect(scoreDescription(GOOD_DESCRIPTION)).toEqual({ score: 100, isValid: true, issues: [], suggestions: [] });
  });
  it('under 50 characters: issue, -25', () => {
    expect(scoreDescription('Saves time. Use it.')).toMatchObject({ score: 75, isValid: false, issues: ['Description must be at least 50 characters'] });
  });
  it('over 1000 characters: issue, -10', () => {
    const long = `${GOOD_DESCRIPTION} `.repeat(11);
    expect(long.trim().length).toBeGreaterThan(1000);
    expect(scoreDescription(long)).toMatchObject({ score: 90, isValid: false, issues: ['Description must be at most 1000 characters'] });
  });
  it('fewer than 2 sentences: suggestion, -10', () => {
    expect(countSentences('One. Two! Three?')).toBe(3);
    expect(countSentences('Version 1.2 works well')).toBe(1);
    expect(scoreDescription('This prompt pack helps you review contracts faster with clear checklists')).toMatchObject({
      score: 90,
      isValid: true,
      suggestions: ['Write at least two sentences'],
    });
  });
  it('no benefit words: suggestion, -15', () => {
    expect(scoreDescription('A set of prompts for reviewing contracts. Use them with any chat assistant.')).toMatchObject({ score: 85, isValid: true });
  });
  it("no 'use' or 'help': suggestion, -10", () => {
    expect(scoreDescription('Twenty prompts for contract review. Save hours on every agreement you read.')).toMatchObject({ score: 90, isValid: true });
  });
  it('combines deductions', () => {
    // under 50 (-25), one sentence (-10), no benefit (-15), no use/help (-10)
    expect(scoreDescription('Contracts')).toMatchObject({ score: 40, isValid: false });
  });
  it('required: empty is floored at 0 (100 + 35 points of deductions)', () => {
    expect(scoreDescription('')).toMatchObject({ score: 0, isValid: false, issues: ['Description is required'] });
    expect(scoreDescription('').suggestions).toHaveLength(3);
  });
});

describe('short description (optional)', () => {
  it('scores 100 when 20 to 150 characters with punctuation', () => {
    expect(scoreShortDescription(GOOD_SHORT)).toEqual({ score: 100, isValid: true, issues: [], suggestions: [] });
  });
  it('empty is valid and counts as under 20 (-10)', () => {
    expect(scoreShortDescription('')).toMatchObject({ score: 90, isValid: true, issues: [] });
  });
  it('over 150: issue, -20', () => {
    expect(scoreShortDescription(`${'a'.repeat(150)}.`)).toMatchObject({
      score: 80,
      isValid: false,
      issues: ['Short description must be at most 150 characters'],
    });
  });
  it('under 20: suggestion, -10', () => {
    expect(scoreShortDescription('Fast review.')).toMatchObject({ score: 90, isValid: true });
  });
  it('no punctuation: suggestion, -5', () => {
    expect(scoreShortDescription('Review contracts faster with AI')).toMatchObject({ score: 95, isValid: true });
  });
  it('combines deductions', () => {
    expect(scoreShortDescription('Short')).toMatchObject({ score: 85 });
    expect(scoreShortDescription('a'.repeat(151))).toMatchObject({ score: 75, isValid: false });
  });
});

describe('tags', () => {
  it('scores 100 with 3 to 8 tags including a category-like one', () => {
    expect(scoreTags(GOOD_TAGS)).toEqual({ score: 100, isValid: true, issues: [], suggestions: [] });
  });
  it('none: -20', () => {
    expect(scoreTags([])).toMatchObject({ score: 80, isValid: true });
    expect(scoreTags(['  ', ''])).toMatchObject({ score: 80 });
  });
  it('fewer than 3: -10', () => {
    expect(scoreTags(['automation', 'legal'])).toMatchObject({ score: 90, isValid: true });
  });
  it('more than 10: issue, -15', () => {
    const eleven = ['automation', ...Array.from({ length: 10 }, (_, i) => `tag${i}`)];
    expect(scoreTags(eleven)).toMatchObject({ score: 85, isValid: false, issues: ['Use at most 10 tags'] });
  });
  it('9 or 10 tags: a suggestion without deduction', () => {
    const nine = ['automation', ...Array.from({ length: 8 }, (_, i) => `tag${i}`)];
    expect(scoreTags(nine)).toMatchObject({ score: 100, isValid: true, suggestions: ['3 to 8 tags work best'] });
  });
  it('duplicates (case-insensitive): issue, -10', () => {
    expect(scoreTags(['automation', 'Automation', 'legal'])).toMatchObject({ score: 90, isValid: false, issues: ['Remove duplicate tags'] });
  });
  it('a tag under 3 characters: -5 (once)', () => {
    expect(scoreTags(['automation', 'legal', 'ux'])).toMatchObject({ score: 95, isValid: true });
    expect(scoreTags(['ai', 'ml', 'nlp'])).toMatchObject({ score: 95 });
  });
  it('no category-like tag: -10', () => {
    expect(scoreTags(['legal', 'contracts', 'prompts'])).toMatchObject({ score: 90, isValid: true });
  });
  it('combines deductions', () => {
    // fewer than 3 (-10), duplicates (-10), short (-5), no category (-10)
    expect(scoreTags(['ux', 'UX'])).toMatchObject({ score: 65, isValid: false });
  });
});

describe('overall', () => {
  it('weights title 30%, description 40%, short description 15%, tags 15%', () => {
    expect(weightedScore({ title: 100, description: 0, shortDescription: 0, tags: 0 })).toBe(30);
    expect(weightedScore({ title: 0, description: 100, shortDescription: 0, tags: 0 })).toBe(40);
    expect(weightedScore({ title: 0, description: 0, shortDescription: 100, tags: 0 })).toBe(15);
    expect(weightedScore({ title: 0, description: 0, shortDescription: 0, tags: 100 })).toBe(15);
  });
  it('rounds to the nearest whole number, .5 up', () => {
    expect(weightedScore({ title: 95, description: 100, shortDescription: 100, tags: 100 })).toBe(99); // 98.5
    expect(weightedScore({ title: 90, description: 85, shortDescription: 95, tags: 95 })).toBe(90); // 89.5
    expect(weightedScore({ title: 80, description: 75, shortDescription: 90, tags: 65 })).toBe(77); // 77.25
  });
  it('scores a whole product from its fields', () => {
    const s = scoreProduct({ title: 'AI Tool X', description: 'Saves time. Use it.', short_description: '', tags: ['ux', 'UX'] });
    // 80*.3 + 75*.4 + 90*.15 + 65*.15 = 24 + 30 + 13.5 + 9.75 = 77.25
    expect(s).toMatchObject({ overall: 77, level: 'medium', label: 'Medium', canSubmit: false });
    expect(s.fields.title.isValid).toBe(false);
    expect(s.fields.shortDescription.isValid).toBe(true);
  });
  it('a perfect product scores 100, and an empty one 26', () => {
    expect(scoreProduct({ title: GOOD_TITLE, description: GOOD_DESCRIPTION, short_description: GOOD_SHORT, tags: GOOD_TAGS })).toMatchObject({
      overall: 100,
      level: 'good',
      canSubmit: true,
    });
    // 0 + 0 + 90*.15 + 80*.15 = 25.5 -> 26
    expect(scoreProduct({})).toMatchObject({ overall: 26, level: 'poor', canSubmit: false });
  });
  it('submit needs a valid title and description only', () => {
    expect(scoreProduct({ title: GOOD_TITLE, description: GOOD_DESCRIPTION, short_description: 'x'.repeat(151), tags: Array(11).fill('t') }).canSubmit).toBe(
      true,
    );
    expect(scoreProduct({ title: GOOD_TITLE, description: 'Too short.' }).canSubmit).toBe(false);
  });
  it('levels: good at 80+, medium at 60+, poor below', () => {
    expect([100, 80, 79, 60, 59, 0].map(levelFor)).toEqual(['good', 'good', 'medium', 'medium', 'poor', 'poor']);
  });
  it('messages change at 90, 80, 60 and 40', () => {
    const at = [95, 90, 89, 80, 79, 60, 59, 40, 39, 0].map(overallMessage);
    expect(new Set(at).size).toBe(5);
    expect(at[0]).toBe(at[1]);
    expect(at[1]).not.toBe(at[2]);
    expect(at[3]).not.toBe(at[4]);
    expect(at[5]).not.toBe(at[6]);
    expect(at[7]).not.toBe(at[8]);
    expect(at[1]).toMatch(/^Excellent/);
  });
});

describe('demo URL and video URL (spec section 5)', () => {
  it('demo URL: empty is valid; http(s) with a dotted host', () => {
    expect(checkDemoUrl('')).toEqual({ state: 'empty' });
    expect(checkDemoUrl('example.com')).toEqual({ state: 'invalid', message: 'URL should start with http:// or https://' });
    expect(checkDemoUrl('ftp://example.com')).toEqual({ state: 'invalid', message: 'URL should start with http:// or https://' });
    expect(checkDemoUrl('https://localhost/demo')).toEqual({ state: 'invalid', message: 'Invalid URL format' });
    expect(checkDemoUrl('https://exa mple.com')).toEqual({ state: 'invalid', message: 'Invalid URL format' });
    expect(checkDemoUrl('  https://demo.example.com/try  ')).toEqual({ state: 'valid', message: 'URL format looks good' });
  });
  it("video URL: YouTube watch, youtu.be, Vimeo, .mp4/.webm/.ogg give 'Valid video URL detected'", () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://vimeo.com/76979871',
      'https://cdn.example.com/demo.mp4',
      'https://cdn.example.com/demo.webm?x=1',
      'https://cdn.example.com/a.ogg',
    ]) {
      expect(checkVideoUrl(url)).toEqual({ state: 'valid', message: 'Valid video URL detected' });
    }
    expect(checkVideoUrl('https://example.com/page').state).toBe('invalid');
    expect(checkVideoUrl('youtube.com/watch?v=x')).toEqual({ state: 'invalid', message: 'URL should start with http:// or https://' });
  });
});
