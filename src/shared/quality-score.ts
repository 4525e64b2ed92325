/**
 * Product quality scoring (spec sections 5 and 9), one pure module used by the editor island
 * (live, 500 ms after the last edit) and by the products API (returned with every saved
 * product as `qualityScore`).
 *
 * Every field starts at 100 and loses points per rule; a field's score never goes below 0.
 * Rules marked *issue* make the field invalid ("a field is valid with no issues"); the others
 * are suggestions that only cost points. The overall score weighs title 30%, description 40%,
 * short description 15% and tags 15%, rounded.
 *
 * Choices where the spec is silent (kept here, and unit-tested):
 * - An empty title or description is the issue 'Title is required' / 'Description is required',
 *   which costs all 100 points; its suggestions still apply, and the floor keeps the score at 0.
 * - An empty short description (optional) is valid, and loses the 'under 20 characters' 10
 *   points like any short one; the punctuation rule applies to written text only.
 * - No tags costs 20 and nothing else; the other tag rules apply to the tags there are.
 *   Duplicates compare case-insensitively and trimmed. 9 or 10 tags (beyond the recommended
 *   3 to 8, within the maximum) get a suggestion without a deduction.
 * - Word rules match whole words case-insensitively: 'ai' or a word starting 'tool' (tool,
 *   tools, toolkit); use/uses/used/using/useful, help/helps/helped/helping/helpful.
 */
import type { FieldScore, QualityScore } from './api/schemas/quality-score';

export type { FieldScore, QualityScore };

export const TITLE_MIN = 10;
export const TITLE_MAX = 100;
export const DESCRIPTION_MIN = 50;
export const DESCRIPTION_MAX = 1000;
const SHORT_DESCRIPTION_MIN = 20;
export const SHORT_DESCRIPTION_MAX = 150;
const TAGS_MIN_RECOMMENDED = 3;
const TAGS_MAX_RECOMMENDED = 8;
export const TAGS_MAX = 10;
const TAG_MIN_LENGTH = 3;
/** Spec section 9: validation runs 500 ms after the last edit. */
export const VALIDATION_DEBOUNCE_MS = 500;

export const SCORE_WEIGHTS = { title: 0.3, description: 0.4, shortDescription: 0.15, tags: 0.15 } as const;

/** Deductions of spec section 5, by rule. */
const DEDUCTIONS = {
  title: { required: 100, tooShort: 20, tooLong: 15, noCapital: 5, noKeyword: 10, fewWords: 15 },
  description: { required: 100, tooShort: 25, tooLong: 10, fewSentences: 10, noBenefit: 15, noUseOrHelp: 10 },
  shortDescription: { tooLong: 20, tooShort: 10, noPunctuation: 5 },
  tags: { none: 20, fewerThanRecommended: 10, tooMany: 15, duplicates: 10, tooShortTag: 5, noCategoryTag: 10 },
} as const;

/** Spec section 5: the category-like tags. */
const CATEGORY_LIKE_TAGS = ['ai', 'automation', 'productivity', 'analytics', 'ml', 'nlp'] as const;

/** Words that say what the buyer gains. */
const BENEFIT_WORDS = [
  'save',
  'saves',
  'saving',
  'faster',
  'fast',
  'quick',
  'quickly',
  'easy',
  'easily',
  'effortless',
  'simple',
  'simplify',
  'simplifies',
  'improve',
  'improves',
  'boost',
  'boosts',
  'increase',
  'increases',
  'grow',
  'growth',
  'reduce',
  'reduces',
  'cut',
  'cuts',
  'automate',
  'automates',
  'automatic',
  'automatically',
  'efficient',
  'efficiency',
  'productive',
  'productivity',
  'streamline',
  'streamlines',
  'optimize',
  'optimise',
  'better',
  'free',
  'time',
  'hours',
  'minutes',
  'effort',
  'scale',
  'reliable',
  'accurate',
  'professional',
  'powerful',
  'instantly',
  'instant',
  'benefit',
  'benefits',
] as const;

const STOPWORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'but',
  'nor',
  'for',
  'of',
  'to',
  'in',
  'on',
  'at',
  'by',
  'with',
  'from',
  'into',
  'onto',
  'as',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'it',
  'its',
  'this',
  'that',
  'these',
  'those',
  'my',
  'your',
  'our',
  'their',
  'his',
  'her',
  'me',
  'you',
  'we',
  'they',
  'i',
  'so',
  'than',
  'then',
  'too',
  'very',
  'just',
  'all',
  'any',
  'some',
  'up',
  'out',
  'off',
  'over',
  'via',
  'per',
  'vs',
  'not',
  'no',
  'yes',
  'do',
  'does',
  'can',
  'will',
  'new',
]);

/** The score's shape is the API's (src/shared/api/schemas/products.ts): the products answer it. */
export type FieldKey = keyof QualityScore['fields'];
export type ScoreLevel = QualityScore['level'];

export interface ScoreInput {
  title?: string | null | undefined;
  description?: string | null | undefined;
  short_description?: string | null | undefined;
  tags?: readonly string[] | null | undefined;
}

const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const hasWord = (text: string, pattern: RegExp): boolean => words(text).some((w) => pattern.test(w));

class Tally {
  score = 100;
  issues: string[] = [];
  suggestions: string[] = [];
  issue(points: number, message: string): void {
    this.score -= points;
    this.issues.push(message);
  }
  suggest(points: number, message: string): void {
    this.score -= points;
    this.suggestions.push(message);
  }
  done(): FieldScore {
    return { score: Math.max(0, this.score), isValid: this.issues.length === 0, issues: this.issues, suggestions: this.suggestions };
  }
}

export function scoreTitle(raw: string | null | undefined): FieldScore {
  const title = (raw ?? '').trim();
  const t = new Tally();
  const d = DEDUCTIONS.title;
  if (!title) t.issue(d.required, 'Title is required');
  else if (title.length < TITLE_MIN) t.issue(d.tooShort, `Title must be at least ${TITLE_MIN} characters`);
  if (title.length > TITLE_MAX) t.issue(d.tooLong, `Title must be at most ${TITLE_MAX} characters`);
  if (/^\p{Ll}/u.test(title)) t.suggest(d.noCapital, 'Start the title with a capital letter');
  if (!hasWord(title, /^(ai|tool.*)$/)) t.suggest(d.noKeyword, "Mention 'AI' or 'tool' in the title so buyers find it");
  if (words(title).filter((w) => !STOPWORDS.has(w)).length < 2) t.suggest(d.fewWords, 'Use at least two descriptive words in the title');
  return t.done();
}

/** Sentences: runs of text ended by . ! ? (or the end), with at least one letter or digit. */
export function countSentences(text: string): number {
  return text.split(/[.!?]+(?:\s+|$)/).filter((s) => /[\p{L}\p{N}]/u.test(s)).length;
}

export function scoreDescription(raw: string | null | undefined): FieldScore {
  const description = (raw ?? '').trim();
  const t = new Tally();
  const d = DEDUCTIONS.description;
  if (!description) t.issue(d.required, 'Description is required');
  else if (description.length < DESCRIPTION_MIN) t.issue(d.tooShort, `Description must be at least ${DESCRIPTION_MIN} characters`);
  if (description.length > DESCRIPTION_MAX) t.issue(d.tooLong, `Description must be at most ${DESCRIPTION_MAX} characters`);
  if (countSentences(description) < 2) t.suggest(d.fewSentences, 'Write at least two sentences');
  const benefit = new Set<string>(BENEFIT_WORDS);
  if (!words(description).some((w) => benefit.has(w))) t.suggest(d.noBenefit, 'Say what buyers gain: time saved, faster results, less effort');
  if (!hasWord(description, /^(use[sd]?|using|useful|help|helps|helped|helping|helpful)$/))
    t.suggest(d.noUseOrHelp, 'Explain how buyers use it or how it helps them');
  return t.done();
}

export function scoreShortDescription(raw: string | null | undefined): FieldScore {
  const text = (raw ?? '').trim();
  const t = new Tally();
  const d = DEDUCTIONS.shortDescription;
  if (text.length > SHORT_DESCRIPTION_MAX) t.issue(d.tooLong, `Short description must be at most ${SHORT_DESCRIPTION_MAX} characters`);
  if (text.length < SHORT_DESCRIPTION_MIN) {
    t.suggest(
      d.tooShort,
      text ? `Make the short description at least ${SHORT_DESCRIPTION_MIN} characters` : 'Add a short description for cards and search results',
    );
  }
  if (text && !/[.!?,;:]/.test(text)) t.suggest(d.noPunctuation, 'End the short description with punctuation');
  return t.done();
}

export function scoreTags(raw: readonly string[] | null | undefined): FieldScore {
  const tags = (raw ?? []).map((tag) => tag.trim()).filter(Boolean);
  const t = new Tally();
  const d = DEDUCTIONS.tags;
  if (tags.length === 0) {
    t.suggest(d.none, `Add ${TAGS_MIN_RECOMMENDED} to ${TAGS_MAX_RECOMMENDED} tags`);
    return t.done();
  }
  const lower = tags.map((tag) => tag.toLowerCase());
  if (tags.length < TAGS_MIN_RECOMMENDED) t.suggest(d.fewerThanRecommended, `Add at least ${TAGS_MIN_RECOMMENDED} tags`);
  if (tags.length > TAGS_MAX) t.issue(d.tooMany, `Use at most ${TAGS_MAX} tags`);
  else if (tags.length > TAGS_MAX_RECOMMENDED) t.suggest(0, `${TAGS_MIN_RECOMMENDED} to ${TAGS_MAX_RECOMMENDED} tags work best`);
  if (new Set(lower).size < lower.length) t.issue(d.duplicates, 'Remove duplicate tags');
  if (tags.some((tag) => tag.length < TAG_MIN_LENGTH)) t.suggest(d.tooShortTag, `Use tags of at least ${TAG_MIN_LENGTH} characters`);
  const categoryLike = new Set<string>(CATEGORY_LIKE_TAGS);
  if (!lower.some((tag) => categoryLike.has(tag))) t.suggest(d.noCategoryTag, `Add a category tag: ${CATEGORY_LIKE_TAGS.join(', ')}`);
  return t.done();
}

export function levelFor(score: number): ScoreLevel {
  if (score >= 80) return 'good';
  if (score >= 60) return 'medium';
  return 'poor';
}

const LEVEL_LABELS: Record<ScoreLevel, string> = { good: 'Good', medium: 'Medium', poor: 'Poor' };

/** The overall message, by threshold: 90, 80, 60, 40, below. */
export function overallMessage(score: number): string {
  if (score >= 90) return 'Excellent! Your listing is ready to stand out in the marketplace.';
  if (score >= 80) return 'Great listing. A few small touches would make it excellent.';
  if (score >= 60) return 'Good start. Follow the suggestions to reach more buyers.';
  if (score >= 40) return 'Needs work. Fix the issues and add more detail before publishing.';
  return 'Just getting started: add a clear title, a detailed description and tags.';
}

/** Weighted in whole percent first, so a .5 rounds up exactly (no floating-point drift). */
export function weightedScore(scores: Record<FieldKey, number>): number {
  const w = (weight: number) => Math.round(weight * 100);
  const total =
    scores.title * w(SCORE_WEIGHTS.title) +
    scores.description * w(SCORE_WEIGHTS.description) +
    scores.shortDescription * w(SCORE_WEIGHTS.shortDescription) +
    scores.tags * w(SCORE_WEIGHTS.tags);
  return Math.round(total / 100);
}

export function scoreProduct(input: ScoreInput): QualityScore {
  const fields: Record<FieldKey, FieldScore> = {
    title: scoreTitle(input.title),
    description: scoreDescription(input.description),
    shortDescription: scoreShortDescription(input.short_description),
    tags: scoreTags(input.tags),
  };
  const overall = weightedScore({
    title: fields.title.score,
    description: fields.description.score,
    shortDescription: fields.shortDescription.score,
    tags: fields.tags.score,
  });
  const level = levelFor(overall);
  return {
    overall,
    level,
    label: LEVEL_LABELS[level],
    message: overallMessage(overall),
    fields,
    canSubmit: fields.title.isValid && fields.description.isValid,
  };
}

/** Spec section 5, demo URL: empty is valid; http(s) with a dotted host. */
export type UrlCheck = { state: 'empty' } | { state: 'valid'; message: string } | { state: 'invalid'; message: string };

export function checkDemoUrl(raw: string | null | undefined): UrlCheck {
  const value = (raw ?? '').trim();
  if (!value) return { state: 'empty' };
  if (!/^https?:\/\//i.test(value)) return { state: 'invalid', message: 'URL should start with http:// or https://' };
  try {
    if (!new URL(value).hostname.includes('.')) return { state: 'invalid', message: 'Invalid URL format' };
  } catch {
    return { state: 'invalid', message: 'Invalid URL format' };
  }
  return { state: 'valid', message: 'URL format looks good' };
}

/** YouTube watch, youtu.be, Vimeo, or a file ending .mp4, .webm or .ogg (spec section 5). */
export const VIDEO_URL =
  /^(https?:\/\/)?((www\.|m\.)?youtube\.com\/watch\?(.*&)?v=[\w-]{6,}|youtu\.be\/[\w-]{6,}|(www\.|player\.)?vimeo\.com\/(video\/)?\d+|[^?#]+\.(mp4|webm|ogg)([?#].*)?$)/i;

export const VIDEO_URL_HINT = 'Use a YouTube, Vimeo, .mp4, .webm or .ogg link';

export function checkVideoUrl(raw: string | null | undefined): UrlCheck {
  const value = (raw ?? '').trim();
  if (!value) return { state: 'empty' };
  const url = checkDemoUrl(value);
  if (url.state === 'invalid') return url;
  if (!VIDEO_URL.test(value)) return { state: 'invalid', message: VIDEO_URL_HINT };
  return { state: 'valid', message: 'Valid video URL detected' };
}
