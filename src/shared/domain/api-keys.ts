import { isOneOf } from './one-of';

// ---------------------------------------------------------------------------
// API keys (docs/decisions/025)
// ---------------------------------------------------------------------------

/**
 * What an API key may do: each scope opens a fixed set of routes
 * (functions/api-keys/route-scopes.ts); a key reaches nothing else.
 */
export const API_KEY_SCOPES = ['products:read', 'products:write', 'sales:read', 'licenses:verify'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, { title: string; text: string }> = {
  'products:read': { title: 'Read products', text: 'List your products and read one with its files.' },
  'products:write': { title: 'Write products', text: 'Create, edit, publish and delete your products, and upload their images and files.' },
  'sales:read': { title: 'Read sales', text: 'List your sales and export your earnings report.' },
  'licenses:verify': { title: 'Verify licence keys', text: "Check a buyer's licence key for one of your products." },
};
export function isApiKeyScope(value: unknown): value is ApiKeyScope {
  return isOneOf(API_KEY_SCOPES, value);
}
