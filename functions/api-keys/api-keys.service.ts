/**
 * API keys for creators (docs/decisions/025): create, list and revoke a signed-in user's keys
 * (src/pages/api/settings/api-keys/*, cookie session only), and turn a key sent as
 * `Authorization: Bearer` into its owner (functions/api-keys/bearer.ts, for the middleware).
 *
 * better-auth's API key plugin generates the secret, stores its SHA-256 and verifies keys
 * (it is called from here through auth.api, never over HTTP); the listing and revocation are
 * queries of our own (api-keys.repository.ts). A key's scopes are kept in the plugin's
 * permissions format, { products: ['read'] } for products:read.
 *
 * Invariants: the secret leaves the server once, in the answer to its creation; an account
 * has at most MAX_API_KEYS_PER_ACCOUNT keys; a revoked key is deleted, so it verifies as an
 * unknown key from the next request on.
 */
import type { Db } from '@/db/database';
import { API_KEY_PATTERN, MAX_API_KEYS_PER_ACCOUNT, sortScopes, type ApiKeyView, type CreateApiKey, type CreatedApiKey } from '@/src/shared/api-keys';
import { isApiKeyScope, type ApiKeyScope } from '@/src/shared/domain';
import { isApiKeyId } from '@/src/shared/ids';
import { toSessionUser, type SessionUser } from '@/src/shared/session';
import type { Auth } from '../auth/auth';
import { AppError } from '../_shared/errors';
import { countKeysOf, deleteKeyOf, listKeysOf } from './api-keys.repository';

/** Scopes as the plugin stores permissions: 'products:read' -> { products: ['read'] }. */
function permissionsOf(scopes: readonly ApiKeyScope[]): Record<string, string[]> {
  const permissions: Record<string, string[]> = {};
  for (const scope of scopes) {
    const [resource, action] = scope.split(':') as [string, string];
    (permissions[resource] ??= []).push(action);
  }
  return permissions;
}

/** The scopes of stored permissions (an object, or its JSON); anything unknown is dropped. */
function scopesOf(permissions: unknown): ApiKeyScope[] {
  let value = permissions;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return [];
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  const scopes = Object.entries(value as Record<string, unknown>).flatMap(([resource, actions]) =>
    Array.isArray(actions) ? actions.map((action) => `${resource}:${String(action)}`) : [],
  );
  return sortScopes(scopes.filter(isApiKeyScope));
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toView(row: {
  id: string;
  name: string | null;
  start: string | null;
  permissions: unknown;
  createdAt: Date | string;
  lastUsedAt: Date | string | null;
}): ApiKeyView {
  return {
    id: row.id,
    name: row.name ?? '',
    scopes: scopesOf(row.permissions),
    start: row.start ?? '',
    createdAt: iso(row.createdAt),
    lastUsedAt: row.lastUsedAt ? iso(row.lastUsedAt) : null,
  };
}

/** The account's keys, newest first. Never more than MAX_API_KEYS_PER_ACCOUNT, so one page holds them all. */
export async function listApiKeys(db: Db, userId: string): Promise<{ items: ApiKeyView[]; nextCursor: null }> {
  const rows = await listKeysOf(db, userId);
  return {
    items: rows.map((r) => toView({ ...r, createdAt: r.created_at, lastUsedAt: r.last_request })),
    nextCursor: null,
  };
}

/** A new key for `user` (400 for a bad body, 409 at the cap); the answer holds the whole key, once. */
/** `input` is CreateApiKeySchema's output (the route parsed it). */
export async function createApiKey(db: Db, auth: Auth, userId: string, input: CreateApiKey): Promise<CreatedApiKey> {
  if ((await countKeysOf(db, userId)) >= MAX_API_KEYS_PER_ACCOUNT) throw new AppError('API_KEY_LIMIT_REACHED');
  // A server call (no headers): the plugin takes userId and permissions only from the server.
  const created = await auth.api.createApiKey({ body: { userId, name: input.name, permissions: permissionsOf(sortScopes(input.scopes)) } });
  // Two creations at once can both pass the count above; the later one gives way.
  if ((await countKeysOf(db, userId)) > MAX_API_KEYS_PER_ACCOUNT) {
    await deleteKeyOf(db, userId, created.id);
    throw new AppError('API_KEY_LIMIT_REACHED');
  }
  return {
    ...toView({ ...created, createdAt: created.createdAt, lastUsedAt: created.lastRequest ?? null }),
    key: created.key,
  };
}

/** Revokes (deletes) one of the account's keys; another account's key, or none, is 404. */
export async function revokeApiKey(db: Db, userId: string, keyId: string): Promise<void> {
  if (!isApiKeyId(keyId) || !(await deleteKeyOf(db, userId, keyId))) throw new AppError('API_KEY_NOT_FOUND');
}

export interface VerifiedApiKey {
  id: string;
  scopes: ApiKeyScope[];
  user: SessionUser;
}

/**
 * The key and its owner, or null for a key that is malformed, unknown or revoked. A
 * well-formed key is checked by the plugin, which records the time of this use.
 */
export async function verifyApiKey(auth: Auth, key: string): Promise<VerifiedApiKey | null> {
  if (!API_KEY_PATTERN.test(key)) return null;
  const result = await auth.api.verifyApiKey({ body: { key } });
  if (!result.valid || !result.key) return null;
  const context = await auth.$context;
  const user = toSessionUser(await context.internalAdapter.findUserById(result.key.referenceId));
  if (!user) return null;
  return { id: result.key.id, scopes: scopesOf(result.key.permissions), user };
}
