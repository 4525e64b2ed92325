/**
 * The content snapshot: everything the prebuilt pages need, exported by the process that
 * owns the database and read by `astro build`.
 *
 * Why: PGlite allows exactly one process to open its data (docs/decisions/001), and the
 * build runs in a child process, so the build never opens the database. One rule for both
 * deployments: the build reads the snapshot; scripts/build.ts (Vercel) and scripts/start.ts
 * (embedded) write it first from the database.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/database';
import type { PublicProduct } from '../../src/shared/products';
import { dataPath } from '../_shared/env';
import { listAllPublishedProducts, listCategories, listToolFigures } from './catalogue.repository';
import { toPublicProduct } from './catalogue.mapper';

export interface ToolFigures {
  productCount: number;
  followerCount: number;
  latestUpdateAt: string | null;
  maintainerName: string | null;
}

export interface CatalogueSnapshot {
  generatedAt: string;
  categories: { id: string; name: string; description: string }[];
  products: PublicProduct[];
  tools: Record<string, ToolFigures>;
}

export function snapshotPath(): string {
  return process.env['CONTENT_SNAPSHOT'] ? path.resolve(process.env['CONTENT_SNAPSHOT']) : dataPath('content', 'catalogue.json');
}

export async function buildSnapshot(db: Db): Promise<CatalogueSnapshot> {
  const [rows, categories, tools] = await Promise.all([listAllPublishedProducts(db), listCategories(db), listToolFigures(db)]);
  return {
    generatedAt: new Date().toISOString(),
    categories,
    products: rows.map(toPublicProduct),
    tools: Object.fromEntries(
      tools.map((t) => [
        t.id,
        {
          productCount: t.product_count,
          followerCount: t.follower_count,
          latestUpdateAt: t.latest_update_at ? new Date(t.latest_update_at).toISOString() : null,
          maintainerName: t.maintainer_name,
        },
      ]),
    ),
  };
}

/** Writes the snapshot atomically (temp file + rename) and returns its path. */
export async function writeSnapshot(db: Db, file = snapshotPath()): Promise<string> {
  const snapshot = await buildSnapshot(db);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify(snapshot));
  fs.renameSync(temp, file);
  return file;
}

let cached: { file: string; snapshot: CatalogueSnapshot } | undefined;

/** For pages at build time. Throws a clear error when no snapshot was exported. */
export function readSnapshot(file = snapshotPath()): CatalogueSnapshot {
  if (cached?.file === file) return cached.snapshot;
  if (!fs.existsSync(file)) {
    throw new Error(`No content snapshot at ${file}. Build with \`npm run build\` or \`npm start\`, which export it from the database first.`);
  }
  const snapshot = JSON.parse(fs.readFileSync(file, 'utf8')) as CatalogueSnapshot;
  cached = { file, snapshot };
  return snapshot;
}
