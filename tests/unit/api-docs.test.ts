/**
 * docs/api.md is generated from the route declarations (`npm run docs:api`): this fails when a
 * route changed and the file was not written again, so the document never drifts from the API.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderApiMarkdown } from '@/functions/api/markdown';
import { buildOpenApi } from '@/functions/api/openapi';
import type { RouteSpec } from '@/src/shared/api/contract';
import { API_ROUTES } from '@/src/shared/api/routes';

describe('docs/api.md', () => {
  it('is what `npm run docs:api` writes from the route declarations', () => {
    expect(fs.readFileSync('docs/api.md', 'utf8'), 'run `npm run docs:api`').toBe(renderApiMarkdown());
  });

  it('lists every declared route with its method, path and an example request', () => {
    const text = renderApiMarkdown();
    for (const route of API_ROUTES as readonly RouteSpec[]) {
      expect(text).toContain(`\`${route.method} ${route.path}\``);
      expect(text).toContain(
        `curl -X ${route.method} 'https://toolmint.example${route.path.replace(/\{(\w+)\}/g, (_, n: string) => route.example?.params?.[n] ?? `{${n}}`)}`,
      );
    }
  });
});

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with one operation per declared route, each with its responses', () => {
    const doc = buildOpenApi('https://toolmint.example');
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    expect(operations).toHaveLength(API_ROUTES.length);
    for (const op of operations) {
      expect(Object.keys(op.responses).some((status) => status.startsWith('2'))).toBe(true);
      expect(op.responses['400']).toBeDefined();
    }
  });
});
