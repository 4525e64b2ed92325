/**
 * The text rule (src/shared/text.ts) on a classic zod string, for the server's own schemas
 * (profiles, uploads, products' list filters, interactions, better-auth's fields), which chain
 * `.trim().min().max()` on it. The shared schemas that islands load use the zod/mini
 * `safeText` of src/shared/text.ts instead (docs/decisions/022); both take the same checks.
 */
import { z } from 'zod';
import { textChecks } from '@/src/shared/text';

/** A string of user text: line ends normalised, refused with the rule's message otherwise. Chain .trim().min().max() as on z.string(). */
export function safeText(options: { error?: string } = {}) {
  return z.string(options.error ? { error: options.error } : undefined).check(...textChecks());
}
