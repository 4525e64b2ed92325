/**
 * User text in request schemas: the one text rule of src/shared/text.ts (no control
 * characters, no unpaired surrogates, line ends normalised), then trimmed and bounded.
 */
import * as z from 'zod/mini';
import { normalizeLineEnds, textProblem } from '../../text';

export function userText({ min = 0, max, error }: { min?: number; max: number; error?: string }) {
  return z.string(error).check(
    z.overwrite(normalizeLineEnds),
    z.superRefine((value: string, ctx) => {
      const problem = textProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
    }),
    z.trim(),
    ...(min > 0 ? [z.minLength(min, error ?? 'Required')] : []),
    z.maxLength(max, `At most ${max} characters`),
  );
}
