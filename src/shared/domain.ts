/**
 * Every enumeration of the domain, declared once (docs/decisions/018): each is an `as const`
 * array, its type is `(typeof ARRAY)[number]`, and its display labels are a
 * `Record<Type, string>`, so a value without a label is a type error. Everything else derives
 * from these: the zod schemas (`z.enum(ARRAY)`), db/schema.ts's column types, the editor's
 * options, the catalogue's labels and the seed. The migrations' check constraints are frozen
 * in time and keep their own lists; tests/integration/domain-enums.test.ts checks that the
 * database accepts exactly these values.
 *
 * Isomorphic and dependency-free, and nothing here but literals and a few pure guards, in one
 * module per subject (src/shared/domain/*.ts), which this file re-exports. One module per
 * subject, not one for all: the browser build puts a module shared by several islands in one
 * chunk with every export any of them uses, so one module held every label of the site and the
 * marketplace loaded 2 KB of it for one object (docs/benchmarks.md, Public pages).
 * The AI tools are not here: their ids, names and option groups are src/shared/ai-tool-ids.ts.
 */

export * from './domain/products';
export * from './domain/accounts';
export * from './domain/notifications';
export * from './domain/tools';
export * from './domain/reviews';
export * from './domain/moderation';
export * from './domain/payments';
export * from './domain/api-keys';
export * from './domain/webhooks';
export * from './domain/uploads';
export * from './domain/jobs';
export * from './domain/one-of';
