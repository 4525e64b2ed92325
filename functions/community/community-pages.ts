/**
 * What the community's public pages read (docs/decisions/035): the list page's filters from
 * its URL (a malformed value falls back to the default rather than failing the page), and the
 * Cache-Control they are sent with. The pages are the same for every visitor (no session is
 * read: src/middleware.ts treats COMMUNITY_PAGE_PATH as a shared page), so a CDN keeps them a
 * minute and serves a stale copy for ten more while it fetches a fresh one; the islands ask
 * the API for the visitor's own state and the current counts.
 */
import * as z from 'zod/mini';
import type { Db } from '@/db/database';
import { ThreadsQuery } from '@/src/shared/api/schemas/community';
import { COMMUNITY_PAGE_SIZE, type CommunitySort } from '@/src/shared/community';
import { AppError } from '../_shared/errors';
import { listSpaces, listThreads } from './community.service';

export const COMMUNITY_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

const ListParams = z.object({ ...ThreadsQuery, cursor: z.optional(z.string().check(z.maxLength(500))) });

export interface ListFilters {
  sort: CommunitySort;
  tag?: string | undefined;
  search?: string | undefined;
  cursor?: string | undefined;
}

/** The filters of a list page's URL; each malformed one is dropped. */
export function listFiltersOf(url: URL): ListFilters {
  const raw = Object.fromEntries(url.searchParams);
  const parsed = ListParams.safeParse(raw);
  if (parsed.success) return parsed.data;
  const out: ListFilters = { sort: 'hot' };
  for (const key of ['sort', 'tag', 'search', 'cursor'] as const) {
    const one = ListParams.safeParse({ [key]: raw[key] });
    if (one.success && one.data[key] !== undefined) Object.assign(out, { [key]: one.data[key] });
  }
  return out;
}

/** The spaces and a page of threads for a list page; a forged cursor starts from the first page. */
export async function loadListPage(db: Db, filters: ListFilters, spaceId?: string) {
  const query = { sort: filters.sort, space: spaceId, tag: filters.tag, search: filters.search, limit: COMMUNITY_PAGE_SIZE };
  const [spaces, threads] = await Promise.all([
    listSpaces(db),
    listThreads(db, { ...query, cursor: filters.cursor }).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'VALIDATION_FAILED') return listThreads(db, query);
      throw error;
    }),
  ]);
  return { spaces: spaces.items, threads };
}
