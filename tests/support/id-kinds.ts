/**
 * The kind of a path parameter, read from its declared zod schema: it decides the parameter's
 * hostile variants in tests/integration/hostile-input.test.ts (a value out of its format, an
 * unknown one within it). A parameter that takes no id-like value (an enum such as a report's
 * `kind`) has no kind and gets no id variants.
 */
import * as z from 'zod/mini';

export type IdKind = 'uuid' | 'checkoutSession' | 'toolId' | 'userId' | 'fileName';

/**
 * A value of each kind, the narrowest format first: a UUID is also a valid tool slug and user
 * id, and any of them a file name. A schema's kind is the broadest one whose value it accepts.
 */
const SAMPLES: readonly (readonly [IdKind, string])[] = [
  ['uuid', '3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c'],
  ['checkoutSession', 'cs_test_a1B2c3'],
  ['toolId', 'no-such-tool'],
  ['userId', 'Unknown_User-1'],
  ['fileName', 'nothing here.zip'],
];

function idKindOf(schema: z.core.$ZodType): IdKind | undefined {
  return SAMPLES.filter(([, value]) => z.safeParse(schema, value).success).at(-1)?.[0];
}

/** The kinds of a route's path parameters, by name. */
export function idKindsOf(params: z.ZodMiniObject | undefined): Record<string, IdKind> {
  const kinds: Record<string, IdKind> = {};
  for (const [name, schema] of Object.entries(params?.shape ?? {})) {
    const kind = idKindOf(schema);
    if (kind) kinds[name] = kind;
  }
  return kinds;
}
