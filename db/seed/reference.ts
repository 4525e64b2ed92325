/**
 * The reference data every start brings up to date, demo or not: the categories, the built-in
 * tools with their copy and their changelog feeds; and whether the demo is seeded. Apart from
 * seed.ts (the demo: images, password hashing, products...), so a start that finds the demo
 * seeded loads only this (docs/decisions/068).
 */
import type { Db } from '../database';
import { CATEGORIES } from '@/src/shared/categories';
import { siteHost } from '@/src/shared/tools';
import { seedChangelogSources } from '@/functions/tool-feeds/seed-sources';
import { SEED_AI_TOOLS } from './ai-tools-data';
import { DEMO_ADMIN_KEY, demoUserId } from './ids';

export async function seedReferenceData(db: Db): Promise<void> {
  // One statement per table: it runs on every start, where ~30 single-row upserts took 0.1-0.25 s
  // on PGlite (docs/decisions/068). Each row is updated from its own `excluded` values.
  await db
    .insertInto('categories')
    .values(CATEGORIES.map((c) => ({ id: c.id, name: c.name, description: c.description })))
    .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), description: eb.ref('excluded.description') })))
    .execute();
  // The built-in tools (docs/decisions/038): inserted once with their copy. A row that already
  // has its copy is left alone (a maintainer may have edited it); a row from before the copy
  // moved into the database (no official site yet) gets it.
  const copyOf = (t: (typeof SEED_AI_TOOLS)[number]) => ({
    category: t.category,
    description: t.description,
    long_description: t.longDescription,
    official_site: t.officialSite,
    official_site_host: siteHost(t.officialSite),
    documentation_url: t.documentation,
    github_url: t.github,
    pricing: t.pricing,
    platforms: t.supportedPlatforms,
    features: t.features,
    use_cases: t.useCases,
    stats: JSON.stringify(t.stats),
    gradient_from: t.gradient[0],
    gradient_to: t.gradient[1],
    monogram: t.monogram,
    landing: JSON.stringify(t.landing),
    last_release_on: t.lastUpdate,
    detail_page: t.hasDetailPage,
  });
  const copyColumns = Object.keys(copyOf(SEED_AI_TOOLS[0]!)) as (keyof ReturnType<typeof copyOf>)[];
  await db
    .insertInto('ai_tools')
    .values(
      SEED_AI_TOOLS.map((t) => ({
        id: t.id,
        name: t.name,
        maintainer_name: t.isClaimed ? t.claimedBy : null,
        verified_at: t.isClaimed ? new Date() : null,
        status: 'approved' as const,
        ...copyOf(t),
      })),
    )
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => Object.fromEntries(copyColumns.map((column) => [column, eb.ref(`excluded.${column}`)])))
        .where('ai_tools.official_site', 'is', null),
    )
    .execute();
  // Their public changelog feeds (docs/decisions/039), unless CHANGELOG_SEED_SOURCES=off.
  await seedChangelogSources(db);
}

export async function isDemoSeeded(db: Db): Promise<boolean> {
  const row = await db.selectFrom('profiles').select('id').where('id', '=', demoUserId(DEMO_ADMIN_KEY)).executeTakeFirst();
  return Boolean(row);
}
