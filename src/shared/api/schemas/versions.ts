/**
 * A product's released versions as the API answers them (docs/decisions/030): the version
 * number, its release notes and when it was first published.
 */
import * as z from 'zod/mini';

export const ProductVersionSchema = z.object({
  version: z.string(),
  notes: z.nullable(z.string()),
  releasedAt: z.string(),
});
export type ProductVersion = z.output<typeof ProductVersionSchema>;
