/**
 * Content rebuilds triggered by publishing changes (publish, edit of a published product,
 * unpublish, archive, delete). Every request is recorded; what happens next depends on the
 * deployment:
 * - DEPLOY_HOOK_URL set (Vercel): POST the deploy hook, at most once per coalescing window;
 *   the build exports a fresh snapshot from the database, so it includes every change
 *   recorded before it starts.
 * - Embedded default: the serving process registered a rebuilder (scripts/lib/rebuilder.ts)
 *   which builds in the background and swaps the served output atomically.
 * Until a rebuild lands, the server gates /product/{id} on the database, so a new product is
 * served on demand and an unpublished one disappears at once.
 */
import type { Db } from '../../db/database';
import { getEnv } from '../_shared/env';
import { claimPendingRequests, finishRequests, insertRebuildRequest, lastHookCallAt } from './rebuilds.repository';

/** Product changes, and a tool update (the directory and tool pages show each tool's latest update date). */
export type RebuildReason = 'published' | 'updated' | 'unpublished' | 'archived' | 'deleted' | 'tool_update';

/** How long a burst of changes is gathered into one rebuild. */
export const HOOK_COALESCE_MS = 30_000;

type Listener = () => void;
const LISTENER_KEY = Symbol.for('toolmint.rebuildListener');
type GlobalWithListener = typeof globalThis & { [LISTENER_KEY]?: Listener };

/** The serving process registers how it rebuilds (kept on globalThis: the server bundle and the start script are separate module instances). */
export function registerRebuildListener(listener: Listener | undefined): void {
  (globalThis as GlobalWithListener)[LISTENER_KEY] = listener;
}

export async function requestRebuild(db: Db, reason: RebuildReason, productId: string | null, hookUrl = getEnv().DEPLOY_HOOK_URL): Promise<void> {
  await insertRebuildRequest(db, reason, productId);
  if (hookUrl) {
    await callDeployHook(db, hookUrl);
    return;
  }
  (globalThis as GlobalWithListener)[LISTENER_KEY]?.();
}

async function callDeployHook(db: Db, hookUrl: string): Promise<void> {
  const last = await lastHookCallAt(db);
  if (last && Date.now() - new Date(last).getTime() < HOOK_COALESCE_MS) return;
  const ids = await claimPendingRequests(db);
  if (!ids.length) return;
  try {
    const response = await fetch(hookUrl, { method: 'POST', signal: AbortSignal.timeout(10_000) });
    await finishRequests(db, ids, response.ok ? null : `deploy hook answered ${response.status}`);
  } catch (error) {
    // The change itself is saved; a failed hook only delays the static pages.
    console.warn('[rebuild] deploy hook failed:', (error as Error).message);
    await finishRequests(db, ids, (error as Error).message);
  }
}
