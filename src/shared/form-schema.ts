/**
 * The bridge between our validation rules and the form library (docs/decisions/019). The
 * rules stay where they are, as plain functions with the spec's messages that the server
 * applies too (auth-validation.ts, the editor's validateForm over the API's own
 * ProductInputSchema); `rulesSchema` wraps one of them in a zod schema whose issues are
 * exactly those messages, keyed by field path, which is what react-hook-form's zod resolver
 * reads. Forms whose body is an API route's (profile, reviews, tool updates) use that route's
 * schema directly (src/shared/api/schemas). Built on zod/mini: the auth islands carry no other
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

/**
 * An API route's body schema as a form's (profile, reviews, tool updates): the form holds
 * values of type `V` (text, '' for an empty field), which the schema accepts as they are
 * (checked here at compile time), and submits the schema's output, what the server parses
 * too. Only the types change: `formSchemaOf<Values>()(schema)` is the schema itself.
 */
export function formSchemaOf<V>() {
  return <S extends z.ZodMiniType>(schema: S & ([V] extends [z.input<S>] ? unknown : never)) => schema as unknown as z.ZodMiniType<z.output<S>, V>;
}
