/**
 * Deterministic ids for demo rows, so seeding twice finds the same rows (idempotent).
 */
import { createHash } from 'node:crypto';

/** A stable UUID (version-5 style layout) from a namespace and a key. */
export function stableUuid(namespace: string, key: string): string {
  const hex = createHash('sha1').update(`${namespace}:${key}`).digest('hex');
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** The administrator: author of the tool updates, and the row that says the demo is seeded. */
export const DEMO_ADMIN_KEY = 'toolmint-team';

export const demoUserId = (key: string) => `demo-${key}`;
export const demoProductId = (key: string) => stableUuid('product', key);
export const demoUpdateId = (toolId: string, title: string) => stableUuid('update', `${toolId}:${title}`);
