/**
 * API keys for creators (docs/decisions/025): the request body of a new key, the shape a key
 * is listed in, and the format of the secret. Isomorphic: the /settings/api island validates
 * with CreateApiKeySchema before it posts, and POST /api/settings/api-keys parses the body
 * with the same schema, so the form and the server refuse the same things with the same
 * messages.
 */
import './zod-browser';
import * as z from 'zod/mini';
import { API_KEY_SCOPES, type ApiKeyScope } from './domain';
import { safeText } from './text';
import type { ApiKeyViewSchema, CreatedApiKeySchema } from './api/schemas/settings';

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'tm_';
/** Letters after the prefix: 64 of [A-Za-z], about 365 bits. */
export const API_KEY_SECRET_LENGTH = 64;
/** What a well-formed key looks like; anything else is refused before the database is asked. */
export const API_KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z]{${API_KEY_SECRET_LENGTH}}$`);
/** How much of a key is kept in clear to tell keys apart in the list (the prefix included). */
export const API_KEY_START_LENGTH = 10;
export const API_KEY_NAME_MAX_LENGTH = 50;
/**
 * Keys per account. The list is short enough to come back whole (its nextCursor is always
 * null), and a leaked session cannot mint keys without end.
 */
export const MAX_API_KEYS_PER_ACCOUNT = 20;

const API_KEY_MESSAGES = {
  nameRequired: 'Give the key a name, such as the script or service that will use it',
  nameTooLong: `The name must be at most ${API_KEY_NAME_MAX_LENGTH} characters`,
  scopesRequired: 'Choose at least one permission',
  scopeUnknown: 'Unknown permission',
  scopesRepeated: 'Each permission may be listed once',
} as const;

/** POST /api/settings/api-keys: a name and at least one scope; nothing else. */
export const CreateApiKeySchema = z.strictObject({
  name: safeText({ error: API_KEY_MESSAGES.nameRequired }).check(
    z.trim(),
    z.minLength(1, API_KEY_MESSAGES.nameRequired),
    z.maxLength(API_KEY_NAME_MAX_LENGTH, API_KEY_MESSAGES.nameTooLong),
  ),
  scopes: z.array(z.enum(API_KEY_SCOPES, { error: API_KEY_MESSAGES.scopeUnknown }), { error: API_KEY_MESSAGES.scopesRequired }).check(
    z.minLength(1, API_KEY_MESSAGES.scopesRequired),
    z.maxLength(API_KEY_SCOPES.length, API_KEY_MESSAGES.scopesRepeated),
    z.refine((scopes: readonly string[]) => new Set(scopes).size === scopes.length, API_KEY_MESSAGES.scopesRepeated),
  ),
});
export type CreateApiKey = z.output<typeof CreateApiKeySchema>;

/** A key as listed (never the secret, only its first characters), and as created (the one time the whole key is shown). */
export type ApiKeyView = z.output<typeof ApiKeyViewSchema>;
export type CreatedApiKey = z.output<typeof CreatedApiKeySchema>;

/** Scopes in the order of API_KEY_SCOPES, whatever order they were given in. */
export function sortScopes(scopes: readonly ApiKeyScope[]): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((scope) => scopes.includes(scope));
}
