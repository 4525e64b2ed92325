/**
 * better-auth's tables mapped onto our snake_case schema.
 *
 * The auth config spreads these options; db/migrations/*_initial creates exactly these
 * tables and columns (generated once with better-auth's getMigrations, then frozen).
 */
export const authTableOptions = {
  user: {
    modelName: 'users',
    fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
    additionalFields: {
      full_name: { type: 'string', required: false, input: true },
      // Validated against the allowed values in a database hook: input: true lets a client send it.
      user_type: { type: 'string', required: false, defaultValue: 'buyer', input: true },
      company: { type: 'string', required: false, input: true },
    },
  },
  session: {
    modelName: 'sessions',
    fields: {
      expiresAt: 'expires_at',
      createdAt: 'created_at',
      updatedAt: 'updated_at',
      ipAddress: 'ip_address',
      userAgent: 'user_agent',
      userId: 'user_id',
    },
  },
  account: {
    modelName: 'accounts',
    fields: {
      accountId: 'account_id',
      providerId: 'provider_id',
      userId: 'user_id',
      accessToken: 'access_token',
      refreshToken: 'refresh_token',
      idToken: 'id_token',
      accessTokenExpiresAt: 'access_token_expires_at',
      refreshTokenExpiresAt: 'refresh_token_expires_at',
      createdAt: 'created_at',
      updatedAt: 'updated_at',
    },
  },
  verification: {
    modelName: 'verifications',
    fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
  },
} as const;

export const authRateLimitTable = {
  modelName: 'rate_limits',
  fields: { lastRequest: 'last_request' },
} as const;

/**
 * The API key plugin's table (@better-auth/api-key, docs/decisions/025), created by
 * db/migrations/*-api-keys with these names.
 */
export const apiKeyTableOptions = {
  apikey: {
    modelName: 'api_keys',
    fields: {
      configId: 'config_id',
      referenceId: 'reference_id',
      refillInterval: 'refill_interval',
      refillAmount: 'refill_amount',
      lastRefillAt: 'last_refill_at',
      rateLimitEnabled: 'rate_limit_enabled',
      rateLimitTimeWindow: 'rate_limit_time_window',
      rateLimitMax: 'rate_limit_max',
      requestCount: 'request_count',
      lastRequest: 'last_request',
      expiresAt: 'expires_at',
      createdAt: 'created_at',
      updatedAt: 'updated_at',
    },
  },
} as const;
