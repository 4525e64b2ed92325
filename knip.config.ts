/**
 * Knip: dead code fails the build (issue 28, docs/decisions/057). An unused file, export,
 * exported type or dependency is an error in `npm run lint` and in the static step of
 * `npm test` (scripts/test.ts, label deadcode).
 *
 * Knip's plugins already find most entry points from the project's own config files: Astro's
 * (astro.config.mjs: src/pages/**, src/middleware.ts, the islands imported by .astro files),
 * Vitest's (vitest.config.ts: both projects' test files, setup files, global setup and the
 * sequencer), Playwright's (playwright.config.ts: tests/e2e/**) and the scripts of
 * package.json (`tsx scripts/x.ts`). Listed here is only what no config file names.
 */
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    // The `client:session` directive: astro.config.mjs hands Astro its path as a string
    // (addClientDirective), which no import follows.
    'src/directives/session.ts',
    // Every top-level script is a command: run from package.json, by hand (`tsx
    // scripts/island-size.ts`, `tsx scripts/generate-og-image.ts`) or by another script.
    'scripts/*.ts',
    // Started as their own processes by the benchmarks (spawn of `node --import tsx <file>`).
    'scripts/lib/bench-server.ts',
    'scripts/lib/baseline-static-server.ts',
    // Each migration is a Kysely Migration (`up`, `down`), handed over whole by
    // db/migrations/index.ts as a namespace object; Kysely calls the members, so they are
    // the module's contract (knip 6 would report every `up` and `down` as unused).
    'db/migrations/2*.ts',
  ],
  project: ['**/*.{ts,tsx,mts,js,mjs,astro}'],
  // tests/unit/knip.test.ts writes two probe files into scripts/ while `npm test`'s checks run
  // side by side (docs/decisions/070): this run of knip must not report them. The test's own
  // run sets KNIP_PROBE and sees them.
  ignore: process.env['KNIP_PROBE'] ? [] : ['scripts/**/__knip_probe__.ts'],
  // A type exported beside the function whose signature uses it (an option bag, a result) is
  // part of that function's contract, even when callers only infer it. Values used only in
  // their own module are reported, and lose their `export`.
  ignoreExportsUsedInFile: { interface: true, type: true },
  ignoreIssues: {
    // The job engine's one API (docs/decisions/040): it re-exports the whole surface of the
    // registry and the engine, used or not yet, so no caller imports engine internals.
    'functions/jobs/index.ts': ['exports', 'types'],
    // The row types beside each table (Selectable<...>), one per table whether used yet or not.
    'db/schema.ts': ['types'],
    // platformFeeBps() is used nowhere, but functions/payments/** is being reworked on another
    // branch: it is deleted there, and this entry with it.
    'functions/payments/provider.ts': ['exports'],
  },
  ignoreDependencies: [
    // Loaded by path, not imported: scripts/bench-pages.ts runs node_modules/lighthouse/cli,
    // tests/e2e/accessibility.spec.ts reads axe-core/axe.min.js into the page.
    'lighthouse',
    'axe-core',
  ],
  ignoreBinaries: [
    // System tools, not packages: the nginx baseline and wrk load generator of
    // scripts/bench-serve.ts (both optional), unshare in tests/integration/startup.test.ts,
    // PostgreSQL's pgbench, the raw-SQL baseline of scripts/bench-search.ts.
    'nginx',
    'wrk',
    'unshare',
    'pgbench',
  ],
};

export default config;
