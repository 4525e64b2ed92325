/**
 * Unknown fields are refused on every route (issue 29): each declared JSON body schema, given
 * its route's own example with one more field, at the top or inside any nested object, fails.
 * The list is API_ROUTES, so a new route with a loose body fails here.
 */
import { describe, expect, it } from 'vitest';
import type { RouteSpec } from '@/src/shared/api/contract';
import { API_ROUTES } from '@/src/shared/api/routes';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The example with `__unknown: 1` added to the object at each path, one variant per object (arrays' items included). */
function withUnknownField(value: unknown, at: string[] = []): { at: string; body: unknown }[] {
  const out: { at: string; body: unknown }[] = [];
  if (isObject(value)) {
    out.push({ at: at.join('.') || '(top)', body: { ...value, __unknown: 1 } });
    for (const [key, child] of Object.entries(value))
      for (const variant of withUnknownField(child, [...at, key])) out.push({ at: variant.at, body: { ...value, [key]: variant.body } });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      for (const variant of withUnknownField(item, [...at, String(index)]))
        out.push({ at: variant.at, body: value.map((v, i) => (i === index ? variant.body : v)) });
    });
  }
  return out;
}

const jsonRoutes = (API_ROUTES as readonly RouteSpec[]).flatMap((route) => (route.body?.kind === 'json' ? [{ route, schema: route.body.schema }] : []));

describe('JSON request bodies are strict', () => {
  it('finds the declared JSON bodies, each with an example', () => {
    expect(jsonRoutes.length).toBeGreaterThan(30);
    const missing = jsonRoutes.filter(({ route }) => route.example?.body === undefined).map(({ route }) => route.operationId);
    expect(missing).toEqual([]);
  });

  it.each(jsonRoutes.map(({ route, schema }) => [route.operationId, route, schema] as const))('%s refuses an unknown field', (_id, route, schema) => {
    const raw = route.example?.body;
    const example: unknown = typeof raw === 'function' ? (raw as () => unknown)() : raw;
    // The example itself is valid, so a failure below is the unknown field's.
    const valid = schema.safeParse(example);
    expect(valid.success, JSON.stringify(valid.error?.issues)).toBe(true);
    const variants = withUnknownField(example);
    expect(variants.length).toBeGreaterThan(0);
    const accepted = variants.filter(({ body }) => schema.safeParse(body).success).map(({ at }) => at);
    expect(accepted, `${route.method} ${route.path} accepts an unknown field at`).toEqual([]);
  });
});
