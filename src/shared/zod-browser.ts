/**
 * Zod as the shared schemas need it in the browser (docs/decisions/009, 022), imported first
 * by every shared module that builds zod schemas when it loads (product-schema.ts, search.ts),
 * with the one helper they use that zod/mini does not have.
 *
 * - No eval: zod 4 compiles object parsers with `new Function` when it may, and probes once
 *   whether it may; under our Content-Security-Policy (no 'unsafe-eval') the probe is refused
 *   and reported as a violation even though zod catches it. `jitless` turns the probe and the
 *   compilation off; it must be set before the first object schema is created.
 * - English messages: the shared schemas are built on `zod/mini`, which registers no locale
 *   (classic `zod` registers English when its first schema is built). A check without a
 *   message of its own ("Too big: expected string to have <=300 characters") must read the
 *   same in the editor, in a unit test and on the server, so English is set here everywhere.
 *   Setting it again after classic zod did is a no-op: both flavours share one core config.
 */
import * as z from 'zod/mini';
import { en } from 'zod/locales';

z.config(en());
if (typeof window !== 'undefined') z.config({ jitless: true });

/**
 * Classic zod's `z.preprocess`, which zod/mini does not have: the same pipe from a transform
 * into the schema, typed as classic types it (a field is optional in the input when the
 * schema is; mini types a transform's input as always present).
 */
export function preprocess<T extends z.core.$ZodType>(fn: (value: unknown) => unknown, schema: T) {
  return z.pipe(z.transform(fn), schema) as unknown as z.ZodMiniType<z.output<T>, unknown, z.core.$ZodPreprocessInternals<T, unknown>>;
}
