/**
 * `npm run docs:api`: writes docs/api.md, every route of the API with its method, path, who may
 * call it, its fields and a curl example, from the route declarations (the same source as
 * /api/openapi.json and /developers). tests/unit/api-docs.test.ts fails when the file is stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { renderApiMarkdown } from '@/functions/api/markdown';

const file = path.resolve('docs/api.md');
fs.writeFileSync(file, renderApiMarkdown());
console.log(`[docs:api] wrote ${path.relative(process.cwd(), file)}`);
