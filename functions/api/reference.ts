/**
 * The readable reference of the API, shared by the /developers page and docs/api.md: each
 * operation of the OpenAPI document (functions/api/openapi.ts) as plain data, with its fields
 * flattened into rows (name, type, required, notes) and a curl example. Build time only.
 */
import type { RouteSpec } from '@/src/shared/api/contract';
import { API_ROUTES } from '@/src/shared/api/routes';
import { operationOf } from './openapi';

type JsonSchema = Record<string, unknown>;

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  notes: string;
}

export interface ReferenceOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  access: string;
  scope: string | null;
  parameters: (FieldRow & { in: string })[];
  body: { contentType: string; fields: FieldRow[] } | null;
  success: { status: string; contentType: string | null; fields: FieldRow[] };
  errors: { status: string; codes: string[] }[];
  curl: string;
}

const ACCESS: Record<RouteSpec['auth'], string> = {
  public: 'Anyone',
  user: 'Signed in',
  verified: 'Signed in, with a verified email',
  secret: 'A machine caller with the shared secret or signature',
};

/** A short type label: `string`, `integer`, `'a' | 'b'`, `array of string`, `object`, `string or null`. */
function typeLabel(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if ('const' in schema) return JSON.stringify(schema['const']);
  if (Array.isArray(schema['enum'])) return (schema['enum'] as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
  const union = (schema['anyOf'] ?? schema['oneOf']) as JsonSchema[] | undefined;
  if (Array.isArray(union)) return union.map(typeLabel).join(' or ');
  if ('$ref' in schema) return String(schema['$ref']).split('/').pop() ?? 'object';
  const type = schema['type'];
  if (type === 'array') return `array of ${typeLabel(schema['items'] as JsonSchema | undefined)}`;
  if (Array.isArray(type)) return type.join(' or ');
  return typeof type === 'string' ? type : 'any';
}

function notesOf(schema: JsonSchema): string {
  const notes: string[] = [];
  const bound = (key: string, label: string) => {
    if (typeof schema[key] === 'number') notes.push(`${label} ${schema[key] as number}`);
  };
  bound('minLength', 'min length');
  bound('maxLength', 'max length');
  bound('minimum', 'min');
  bound('maximum', 'max');
  bound('minItems', 'min items');
  bound('maxItems', 'max items');
  if (schema['default'] !== undefined) notes.push(`default ${JSON.stringify(schema['default'])}`);
  if (typeof schema['format'] === 'string') notes.push(schema['format']);
  if (typeof schema['description'] === 'string') notes.push(schema['description']);
  return notes.join('; ');
}

/** The rows of an object schema, nested objects and arrays of objects flattened with dotted names (`demo_links[].url`). */
function fieldRows(schema: JsonSchema | undefined, prefix = '', depth = 0): FieldRow[] {
  if (!schema || depth > 3) return [];
  const items = schema['type'] === 'array' ? (schema['items'] as JsonSchema | undefined) : undefined;
  if (items && prefix === '') return fieldRows(items, '[]', depth);
  const properties = schema['properties'] as Record<string, JsonSchema> | undefined;
  if (!properties) return [];
  const required = new Set((schema['required'] as string[] | undefined) ?? []);
  const rows: FieldRow[] = [];
  for (const [key, property] of Object.entries(properties)) {
    const name = prefix && prefix !== '[]' ? `${prefix}.${key}` : prefix === '[]' ? `[].${key}` : key;
    rows.push({ name, type: typeLabel(property), required: required.has(key), notes: notesOf(property) });
    const inner = property['type'] === 'array' ? (property['items'] as JsonSchema | undefined) : property;
    if (inner && inner['properties']) rows.push(...fieldRows(inner, property['type'] === 'array' ? `${name}[]` : name, depth + 1));
  }
  return rows;
}

function curlOf(route: RouteSpec, siteUrl: string): string {
  const params = route.example?.params ?? {};
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? `{${name}}`);
  const query = new URLSearchParams(route.example?.query ?? {}).toString();
  const lines = [`curl -X ${route.method} '${siteUrl}${path}${query ? `?${query}` : ''}'`];
  // Only routes with a scope take an API key; session-only routes are called from the browser.
  if (route.scope) lines.push(`  -H 'Authorization: Bearer $TOOLMINT_API_KEY'`);
  if (route.body?.kind === 'json') {
    lines.push(`  -H 'Content-Type: application/json'`);
    lines.push(`  -d '${JSON.stringify(route.example?.body ?? {}).replace(/'/g, "'\\''")}'`);
  } else if (route.body?.kind === 'multipart') {
    lines.push(`  -F '${route.body.file}=@./file'`);
  }
  return lines.join(' \\\n');
}

export function referenceOf(siteUrl: string, routes: readonly RouteSpec[] = API_ROUTES): { tag: string; operations: ReferenceOperation[] }[] {
  const groups = new Map<string, ReferenceOperation[]>();
  for (const route of routes) {
    const operation = operationOf(route);
    const successStatus = Object.keys(operation.responses).find((status) => status.startsWith('2')) ?? '200';
    const success = operation.responses[successStatus];
    const successContent = success?.content ? Object.entries(success.content)[0] : undefined;
    const bodyContent = operation.requestBody ? Object.entries(operation.requestBody.content)[0] : undefined;
    const entry: ReferenceOperation = {
      id: route.operationId,
      method: route.method,
      path: route.path,
      summary: route.summary,
      description: route.description ?? '',
      access: ACCESS[route.auth],
      scope: route.scope ?? null,
      parameters: (operation.parameters ?? []).map((p) => ({
        name: p.name,
        in: p.in,
        type: typeLabel(p.schema),
        required: p.required,
        notes: notesOf(p.schema),
      })),
      body: bodyContent ? { contentType: bodyContent[0], fields: fieldRows(bodyContent[1].schema) } : null,
      success: { status: successStatus, contentType: successContent?.[0] ?? null, fields: fieldRows(successContent?.[1].schema) },
      errors: Object.entries(operation.responses)
        .filter(([status]) => !status.startsWith('2'))
        .map(([status, response]) => ({ status, codes: [...response.description.matchAll(/`([A-Z_]+)`/g)].map((m) => m[1]!) })),
      curl: curlOf(route, siteUrl),
    };
    groups.set(route.tag, [...(groups.get(route.tag) ?? []), entry]);
  }
  return [...groups].map(([tag, operations]) => ({ tag, operations }));
}

/** Text with `code` spans, split for rendering (the guide and descriptions use no other markup). */
export function codeSpans(text: string): { code: boolean; text: string }[] {
  return text.split('`').map((part, index) => ({ code: index % 2 === 1, text: part }));
}
