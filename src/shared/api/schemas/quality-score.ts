/**
 * The quality score of spec section 5 as the API answers it (src/shared/quality-score.ts
 * computes it). Its own module, importing only zod: the scorer imports these types, and the
 * product schemas, which import the scorer's limits, import this schema, with no circle.
 */
import * as z from 'zod/mini';

const SCORE_LEVELS = ['good', 'medium', 'poor'] as const;

export const FieldScoreSchema = z.object({
  score: z.number(),
  isValid: z.boolean(),
  /** Problems that make the field invalid. */
  issues: z.array(z.string()),
  /** Improvements that would raise the score. */
  suggestions: z.array(z.string()),
});

export const QualityScoreSchema = z.object({
  overall: z.number(),
  level: z.enum(SCORE_LEVELS),
  label: z.string(),
  message: z.string(),
  fields: z.object({ title: FieldScoreSchema, description: FieldScoreSchema, shortDescription: FieldScoreSchema, tags: FieldScoreSchema }),
  /** Title and description valid: the editor may submit. */
  canSubmit: z.boolean(),
});

export type QualityScore = z.output<typeof QualityScoreSchema>;

export type FieldScore = z.output<typeof FieldScoreSchema>;
