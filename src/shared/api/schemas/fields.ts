/**
 * Field schemas shared by the account area's requests (profile, reviews, onboarding, tool
 * updates): user text under the one rule of src/shared/text.ts, with the spec's messages.
 * zod/mini, so the forms that validate with them stay light (docs/decisions/019, 024).
 *
 * - `userText(rule)`: a string, line ends normalised and trimmed, then refused with the text
 *   rule's message (control characters, broken surrogates) or `rule`'s message. A value that
 *   is not a string is 'Must be text'; a missing one `required` when given.
 * - `optionalText(rule)`: the same, for an optional field: null or empty text mean "no value"
 *   (answered as null), a missing key stays missing (a PATCH leaves it unchanged).
 */
import * as z from 'zod/mini';
import { normalizeLineEnds, TEXT_MESSAGES, textProblem } from '../../text';

export type TextRule = (value: string) => string | null;

export function userText(rule?: TextRule, options: { required?: string } = {}) {
  return z.string({ error: (issue) => (issue.input === undefined && options.required ? options.required : TEXT_MESSAGES.notText) }).check(
    z.overwrite((value) => normalizeLineEnds(value).trim()),
    z.superRefine((value, ctx) => {
      const message = textProblem(value) ?? rule?.(value) ?? null;
      if (message) ctx.addIssue({ code: 'custom', message, input: value });
    }),
  );
}

/** Null or empty text is "no value" (null); a missing key stays missing. */
export function optionalText(rule?: TextRule) {
  return z.optional(
    z.pipe(
      z.nullable(userText((value) => (value ? (rule?.(value) ?? null) : null))),
      z.transform((value): string | null => value || null),
    ),
  );
}

/** At most `max` characters, with the message the forms show. */
export const maxLength =
  (max: number, message: string): TextRule =>
  (value) =>
    value.length > max ? message : null;

/** The message of an unknown field, naming it: a strict object refuses what it does not declare. */
function unknownKeys(issue: { code?: string; keys?: string[] }): string | undefined {
  if (issue.code !== 'unrecognized_keys' || !issue.keys) return undefined;
  return `Unknown ${issue.keys.length === 1 ? 'field' : 'fields'}: ${issue.keys.join(', ')}`;
}

/** A request object: an unknown field is a 400 that names it. */
export function strictObject<const T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, { error: unknownKeys });
}
