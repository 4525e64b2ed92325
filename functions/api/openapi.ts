/**
 * The OpenAPI 3.1 document of the API, generated from the route declarations in
 * src/shared/api/routes (docs/decisions/024) with zod's own JSON Schema output: what a request
 * may send is the schemas' input side, what an answer holds their output side. Served at
 * /api/openapi.json, rendered at /developers and into docs/api.md; the contract test calls every
 * operation with an example and checks each answer against this document.
 */
import * as z from 'zod/mini';
import type { RouteSpec } from '@/src/shared/api/contract';
import { API_ROUTES } from '@/src/shared/api/routes';
import { API_KEY_SCOPES } from '@/src/shared/domain';
import { ERRORS, type ErrorCode } from '@/functions/_shared/errors';

type JsonSchema = Record<string, unknown>;

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema; description?: string; example?: string }[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema; example?: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
  'x-scope'?: string;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

/** Errors any route may answer, whatever it declares. */
const COMMON_ERRORS: readonly ErrorCode[] = ['VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'RATE_LIMITED', 'INTERNAL', 'STORAGE_FULL'];
const SIGNED_IN_ERRORS: readonly ErrorCode[] = ['UNAUTHENTICATED', 'FORBIDDEN'];

const scopes = API_KEY_SCOPES.map((s) => `\`${s}\``).join(', ');

/** The API's general rules, in sections: the document's description (as Markdown) and the top of /developers. Only `code` spans are marked up. */
export const API_GUIDE: readonly { title: string; text: string }[] = [
  {
    title: 'The API',
    text: 'The same routes our own pages use, offered to creators who automate: create and update products, read sales, verify licence keys.',
  },
  {
    title: 'Authentication',
    text: `In the browser, the session cookie. From scripts, an API key made at /settings/api, sent as \`Authorization: Bearer <key>\`. A key reaches only the routes whose scope it carries (${scopes}); account routes (profile, password, email, keys, webhooks) never accept a key. A missing scope answers 403 \`INSUFFICIENT_SCOPE\`, a revoked or unknown key 401 \`UNAUTHENTICATED\`.`,
  },
  {
    title: 'Requests',
    text: 'JSON bodies are validated strictly: an unknown field or enum value is a 400 `VALIDATION_FAILED` whose `fields` name it. The JSON a `GET` answers for a resource can be sent back with `PUT` unchanged (read-only fields are ignored, `null` means absent); `PATCH` changes only the fields it sends.',
  },
  {
    title: 'Lists',
    text: 'Every list answers `{ items, nextCursor }`: send `nextCursor` back as `cursor` for the next page until it is null. `limit` is 1 to 100 (20 by default).',
  },
  {
    title: 'Errors and limits',
    text: 'Errors answer `{ error: { code, message, fields? } }` with the matching status: branch on `code`. Writes are rate limited per account, and every request per API key (429 `RATE_LIMITED` with `Retry-After`). When the server is out of storage space, a write answers 507 `STORAGE_FULL` and saves nothing: try again later.',
  },
];

const API_DESCRIPTION = API_GUIDE.map((section) => `**${section.title}.** ${section.text}`).join('\n\n');

const strip = (schema: JsonSchema): JsonSchema => {
  const { $schema: _ignored, ...rest } = schema;
  return rest;
};

const toJson = (schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema =>
  strip(z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema);

function parametersOf(route: RouteSpec): OpenApiOperation['parameters'] {
  const out: NonNullable<OpenApiOperation['parameters']> = [];
  for (const [where, schema, example] of [
    ['path', route.params, route.example?.params],
    ['query', route.query, route.example?.query],
  ] as const) {
    if (!schema) continue;
    const object = toJson(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      const { description, ...rest } = property as JsonSchema & { description?: string };
      out.push({
        name,
        in: where,
        required: where === 'path' || (object.required ?? []).includes(name),
        schema: rest,
        ...(typeof description === 'string' ? { description } : {}),
        ...(example?.[name] !== undefined ? { example: example[name] } : {}),
      });
    }
  }
  return out.length ? out : undefined;
}

function requestBodyOf(route: RouteSpec): OpenApiOperation['requestBody'] {
  const body = route.body;
  if (!body) return undefined;
  if (body.kind === 'json') {
    const example = route.example?.body;
    return { required: true, content: { 'application/json': { schema: toJson(body.schema, 'input'), ...(example !== undefined ? { example } : {}) } } };
  }
  if (body.kind === 'multipart') {
    const fields = toJson(body.fields, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { ...fields.properties, [body.file]: { type: 'string', contentMediaType: 'application/octet-stream' } },
            required: [...(fields.required ?? []), body.file],
          },
        },
      },
    };
  }
  return { required: true, content: { [body.contentType]: { schema: { type: 'string' } } } };
}

function responsesOf(route: RouteSpec): OpenApiOperation['responses'] {
  const status = String(route.status ?? (route.response.kind === 'empty' ? 204 : 200));
  const responses: OpenApiOperation['responses'] = {};
  const { response } = route;
  if (response.kind === 'json') responses[status] = { description: 'Success', content: { 'application/json': { schema: toJson(response.schema, 'output') } } };
  else if (response.kind === 'file') responses[status] = { description: 'The file', content: { [response.contentType]: { schema: { type: 'string' } } } };
  else responses[status] = { description: 'Done (no content)' };
  if (route.mayCreate && responses[status]) responses['201'] = { ...responses[status], description: 'Created' };

  const codes = new Set<ErrorCode>([...COMMON_ERRORS, ...(route.auth === 'public' ? [] : SIGNED_IN_ERRORS), ...(route.errors ?? [])]);
  if (route.auth === 'verified') codes.add('EMAIL_NOT_VERIFIED');
  if (route.scope) codes.add('INSUFFICIENT_SCOPE');
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERRORS[code].status, [...(byStatus.get(ERRORS[code].status) ?? []), code]);
  for (const [errorStatus, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(errorStatus)] = {
      description: list.map((code) => `\`${code}\`: ${ERRORS[code].message}`).join('\n\n'),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return responses;
}

function securityOf(route: RouteSpec): OpenApiOperation['security'] {
  if (route.auth === 'public' || route.auth === 'secret') return [];
  return route.scope ? [{ sessionCookie: [] }, { apiKey: [route.scope] }] : [{ sessionCookie: [] }];
}

export function operationOf(route: RouteSpec): OpenApiOperation {
  const scopeNote = route.scope
    ? `API keys: scope \`${route.scope}\`.`
    : route.auth === 'user' || route.auth === 'verified'
      ? 'Session only: API keys cannot call this route.'
      : '';
  const description = [route.description, route.auth === 'verified' ? 'Needs a verified email address.' : '', scopeNote].filter(Boolean).join('\n\n');
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    ...(description ? { description } : {}),
    security: securityOf(route),
    ...(route.scope ? { 'x-scope': route.scope } : {}),
    ...(parametersOf(route) ? { parameters: parametersOf(route) } : {}),
    ...(requestBodyOf(route) ? { requestBody: requestBodyOf(route) } : {}),
    responses: responsesOf(route),
  };
}

export function buildOpenApi(siteUrl: string, routes: readonly RouteSpec[] = API_ROUTES): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const operations = (paths[route.path] ??= {});
    operations[route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'toolmint API', version: '1', description: API_DESCRIPTION },
    servers: [{ url: siteUrl }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: {
                code: { type: 'string', enum: Object.keys(ERRORS) },
                message: { type: 'string' },
                fields: {
                  type: 'object',
                  additionalProperties: { type: 'string' },
                  description: 'A message per invalid field, by its path (`demo_links.0.url`).',
                },
              },
            },
          },
        },
      },
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'toolmint.session_token', description: 'The session of a signed-in browser.' },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: `An API key from /settings/api, with scopes ${API_KEY_SCOPES.map((s) => `\`${s}\``).join(', ')}.`,
        },
      },
    },
  };
}
