/**
 * rebuild_requests: the log of content changes that touched catalogue pages, with the pages
 * each touched (docs/decisions/061: the refresh itself is the 'pages.refresh' job). The figure
 * changes the figures pass reads (docs/decisions/064), and where that pass stands on Vercel:
 * figures_revalidation and figures_revalidation_pending (docs/decisions/073).
 */
import { sql } from 'kysely';
import type { Db } from '@/db/database';

export async function insertRebuildRequest(db: Db, reason: string, productId: string | null, paths: string[]): Promise<void> {
  await db.insertInto('rebuild_requests').values({ reason, product_id: productId, paths }).execute();
}

/**
 * What the catalogue's stored pages were rendered from, cheaply (scripts/lib/page-publisher.ts):
 * the published count, the newest product, the last recorded change and the newest tool
 * update, as one string. Indexed reads, no export and no hashing.
 */
export async function readContentMark(db: Db): Promise<string> {
  const row = await sql<{ n: number; newest: Date | null; change: string | null; update: Date | null }>`
    select
      (select count(*)::int from products where status = 'published') as n,
      (select max(created_at) from products where status = 'published') as newest,
      (select max(id)::text from rebuild_requests) as change,
      (select max(created_at) from ai_tool_updates) as update
  `.execute(db);
  const r = row.rows[0];
  return [r?.n, r?.newest ? new Date(r.newest).toISOString() : '', r?.change ?? '', r?.update ? new Date(r.update).toISOString() : ''].join('|');
}

/** A stored page's figures that changed at `at` (the database's clock). */
export interface FigureChange {
  at: Date;
  /** A product whose views or downloads moved, or a published product of a creator whose followers or seller rating moved. */
  productId?: string;
  /** The product's tool, or the tool whose followers moved. */
  toolId?: string | null;
  hasDetailPage?: boolean;
}

/**
 * The figure changes after `since`, oldest first, at most `limit` of each kind (products,
 * creators, tools), through the partial indexes on figures_changed_at (docs/decisions/064).
 * A creator's change is one per published product of theirs. `latest`: the newest change read.
 */
export async function listFigureChanges(db: Db, since: Date, limit: number): Promise<{ changes: FigureChange[]; latest: Date; full: boolean }> {
  const [products, creators, tools] = await Promise.all([
    db
      .selectFrom('products')
      .select(['id', 'ai_tool_type', 'figures_changed_at'])
      .where('figures_changed_at', '>', since)
      .where('status', '=', 'published')
      .orderBy('figures_changed_at')
      .limit(limit)
      .execute(),
    db.selectFrom('profiles').select(['id', 'figures_changed_at']).where('figures_changed_at', '>', since).orderBy('figures_changed_at').limit(limit).execute(),
    db
      .selectFrom('ai_tools')
      .select(['id', 'detail_page', 'figures_changed_at'])
      .where('figures_changed_at', '>', since)
      .orderBy('figures_changed_at')
      .execute(),
  ]);
  const creatorProducts = creators.length
    ? await db
        .selectFrom('products')
        .select(['id', 'creator_id'])
        .where(
          'creator_id',
          'in',
          creators.map((c) => c.id),
        )
        .where('status', '=', 'published')
        .execute()
    : [];
  const creatorAt = new Map(creators.map((c) => [c.id, c.figures_changed_at!]));
  const changes: FigureChange[] = [
    ...products.map((p) => ({ at: p.figures_changed_at!, productId: p.id, toolId: p.ai_tool_type })),
    ...creatorProducts.map((p) => ({ at: creatorAt.get(p.creator_id)!, productId: p.id })),
    ...tools.map((t) => ({ at: t.figures_changed_at!, toolId: t.id, hasDetailPage: t.detail_page })),
  ];
  // A kind read up to its limit may have more after its last row: read no further than that row.
  const capped = [products, creators].filter((rows) => rows.length === limit).map((rows) => rows.at(-1)!.figures_changed_at!.getTime());
  const bound = capped.length ? Math.min(...capped) : Infinity;
  const kept = changes.filter((c) => c.at.getTime() <= bound).sort((a, b) => a.at.getTime() - b.at.getTime());
  const latest = kept.length ? kept.at(-1)!.at : since;
  return { changes: kept, latest, full: capped.length > 0 };
}

/** Where the figures pass on Vercel stands (docs/decisions/073), and the database's clock now. */
export async function readFiguresPosition(db: Db): Promise<{ position: { since: Date; passedAt: Date; seen: string[] } | null; now: Date }> {
  const { rows } = await sql<{ now: Date; since: Date | null; passed_at: Date | null; seen: string[] | null }>`
    select now() as now, f.since, f.passed_at, f.seen from (select 1) as one left join figures_revalidation f on f.id = 1
  `.execute(db);
  const row = rows[0]!;
  const position = row.since && row.passed_at ? { since: new Date(row.since), passedAt: new Date(row.passed_at), seen: row.seen ?? [] } : null;
  return { position, now: new Date(row.now) };
}

export async function saveFiguresPosition(db: Db, position: { since: Date; passedAt: Date; seen: string[] }): Promise<void> {
  const values = { since: position.since, passed_at: position.passedAt, seen: JSON.stringify(position.seen) };
  await db
    .insertInto('figures_revalidation')
    .values(values)
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

/** Adds pages due, each with its oldest change (a page already due keeps the older of the two). */
export async function addFiguresPending(db: Db, pages: readonly { path: string; at: Date }[]): Promise<void> {
  for (let i = 0; i < pages.length; i += 1000) {
    await db
      .insertInto('figures_revalidation_pending')
      .values(pages.slice(i, i + 1000).map((p) => ({ path: p.path, changed_at: p.at })))
      .onConflict((oc) => oc.column('path').doUpdateSet({ changed_at: sql`least(figures_revalidation_pending.changed_at, excluded.changed_at)` }))
      .execute();
  }
}

/** The pages due, oldest change first. */
export async function listFiguresPending(db: Db, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('figures_revalidation_pending').select('path').orderBy('changed_at').orderBy('path').limit(limit).execute();
  return rows.map((r) => r.path);
}

export async function removeFiguresPending(db: Db, paths: readonly string[]): Promise<void> {
  if (paths.length) await db.deleteFrom('figures_revalidation_pending').where('path', 'in', paths).execute();
}

export async function countFiguresPending(db: Db): Promise<number> {
  const row = await db
    .selectFrom('figures_revalidation_pending')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
