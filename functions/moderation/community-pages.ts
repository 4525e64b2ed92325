/**
 * The one seam between moderation and the community's pages (docs/decisions/037): after a
 * thread or reply is hidden, approved or locked, the pages that show it must stop (or start)
 * showing it. The community's thread pages are community-core's (docs/decisions/035); this
 * function is where their refresh is called, so moderation never needs to know how they are
 * served.
 */
import type { Db } from '@/db/database';

/** Re-renders the pages of the threads whose posts a moderation action changed. */
export async function refreshCommunityPages(db: Db, threadIds: readonly string[]): Promise<void> {
  // community-core's thread pages are read on demand from the database (no stored copy to
  // re-render yet): nothing to do until they have one.
  void db;
  void threadIds;
}
