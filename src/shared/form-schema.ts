/**
 * The bridge between our validation rules and the form library (docs/decisions/019). The
 * rules stay where they are, as plain functions with the spec's messages that the server
 * applies too (auth-validation.ts, profile.ts, reviews.ts, tool-updates.ts, the editor's
 * validateForm over the API's own ProductInputSchema); `rulesSchema` wraps one of them in a
 * zod schema whose issues are exactly those messages, keyed by field path, which is what
 * react-hook-form's zod resolver reads. Built on zod/mini: the auth islands carry no other
 * zod, and mini tree-shakes to a few hundred bytes here (classic zod would add ~14 KB gzip).
 */
import * as z from 'zod/mini';

/** Field path ('email', 'demo_links.0.url') to its message; empty values mean no error. */
export type FieldMessages = Readonly<Record<string, string | null | undefined>>;

const pathOf = (key: string) => key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** A zod schema over a form's values that reports `rules(values)` as its issues. */
export function rulesSchema<T>(rules: (values: T) => FieldMessages) {
  return z.custom<T>().check(
    z.superRefine((values: T, ctx) => {
      for (const [key, message] of Object.entries(rules(values))) {
        if (message) ctx.addIssue({ code: 'custom', path: pathOf(key), message, input: values });
      }
    }),
  );
}

/** What the shared validators that also clean their input return (profile, reviews, tool updates). */
export type Checked<O> = { ok: true; value: O } | { ok: false; fields: FieldMessages };

/**
 * A zod schema over a form's values that reports `check(values)`'s field messages as its
 * issues and, when there are none, gives the cleaned value `check` returns: the form submits
 * exactly what the server would accept.
 */
export function checkedSchema<T, O>(check: (values: T) => Checked<O>) {
  return z.pipe(
    z.custom<T>(),
    z.transform((values: T, ctx) => {
      const result = check(values);
      if (result.ok) return result.value;
      for (const [key, message] of Object.entries(result.fields)) {
        if (message) ctx.issues.push({ code: 'custom', path: pathOf(key), message, input: values });
      }
      return z.NEVER;
    }),
  );
}
