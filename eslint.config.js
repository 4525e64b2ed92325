// @ts-check
/**
 * ESLint, once for the whole tree (docs/decisions/021): typescript-eslint's recommended rules
 * for TypeScript, React's rules of hooks for the islands, eslint-plugin-astro for .astro
 * files. Formatting is Prettier's job (prettier.config.js), so no stylistic rules here.
 */
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const QUERIES_IN_REPOSITORIES = 'Queries live in repositories (*.repository.ts, docs/decisions/056).';
/** A query builder's start, and Kysely's `sql` (its import, the tag and its helpers: sql.raw, sql.ref, sql.join ...). */
const QUERY_SELECTORS = [
  'CallExpression[callee.type="MemberExpression"][callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom)$/]',
  'ImportDeclaration[source.value="kysely"] > ImportSpecifier[imported.name="sql"]',
  'TaggedTemplateExpression[tag.name="sql"]',
  'CallExpression[callee.type="MemberExpression"][callee.object.name="sql"]',
];

export default tseslint.config(
  {
    // __knip_probe__.ts: tests/unit/knip.test.ts's probe files, written while `npm test` lints beside it.
    ignores: [
      'node_modules/',
      'dist/',
      '.astro/',
      '.vercel/',
      '.data/',
      '.test-data/',
      'test-results/',
      'playwright-report/',
      'db/seed/data/',
      '**/__knip_probe__.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Everything under src/ may reach an island, and classic zod costs the browser ~26 KB gzip
    // that zod/mini tree-shakes away; the server (functions/, db/, scripts/) keeps classic zod
    // (docs/decisions/022).
    files: ['src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['zod', 'zod/v4', 'zod/v3'].map((name) => ({
            name,
            message: 'Under src/ import zod/mini (docs/decisions/022); classic zod is for functions/, db/ and scripts/.',
          })),
          patterns: [{ group: ['zod/v4/classic', 'zod/v4/classic/*', 'zod/v3/*'], message: 'Under src/ import zod/mini (docs/decisions/022).' }],
        },
      ],
    },
  },
  {
    // Every Kysely query lives in a repository (docs/decisions/056): services, jobs, pages and
    // islands call a repository function instead of building a query or SQL of their own.
    // db/ (migrations, seeds, the database module), tests/ and scripts/ are not covered.
    files: ['functions/**', 'src/**'],
    ignores: ['**/*.repository.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...QUERY_SELECTORS.map((selector) => ({ selector, message: QUERIES_IN_REPOSITORIES }))],
    },
  },
  {
    // Tests read the API's JSON answers as they come: untyped by nature.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Unused names are errors, except the ones named to be ignored.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
