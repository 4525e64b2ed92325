/**
 * Seller reviews (spec sections 3, 7 and 8): a rating of 1 to 5 with a text, one per
 * reviewer and seller. Isomorphic: the review form and functions/reviews share the rules.
 */
import { readTextField } from './text';

export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;

export interface ReviewInput {
  rating: number;
  text: string;
}

export type ReviewFields = Partial<Record<keyof ReviewInput, string>>;

export function validateReview(raw: unknown): { ok: true; value: ReviewInput } | { ok: false; fields: ReviewFields } {
  const input = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const rating = typeof input['rating'] === 'string' ? Number(input['rating']) : input['rating'];
  const read = readTextField(input['text']);
  const text = read.text;
  const fields: ReviewFields = {};
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) fields.rating = 'Choose a rating from 1 to 5 stars';
  if (read.problem) fields.text = read.problem;
  else if (!text) fields.text = 'Write a few words about your experience';
  else if (text.length < REVIEW_TEXT_MIN) fields.text = `The review must be at least ${REVIEW_TEXT_MIN} characters`;
  else if (text.length > REVIEW_TEXT_MAX) fields.text = `The review must be at most ${REVIEW_TEXT_MAX} characters`;
  if (Object.keys(fields).length) return { ok: false, fields };
  return { ok: true, value: { rating: rating as number, text } };
}

/** 4.67 -> '4.7'; no reviews -> null. */
export function formatAverage(average: number, count: number): string | null {
  return count > 0 ? average.toFixed(1) : null;
}
