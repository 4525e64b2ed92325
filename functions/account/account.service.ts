/**
 * Account settings (issue 15, docs/decisions/032): the handle, the session list and the revoke
 * of one session, the data export, and what deleting an account does to our tables. Password,
 * email, 'sign out other sessions' and the deletion itself are better-auth's own endpoints
 * (functions/auth/auth.ts); deleteAccountData is its beforeDelete hook.
 *
 * Rules:
 * - A handle is 3 to 30 of a-z, 0-9, _ and -, not reserved, unique case-insensitively
 *   (src/shared/handles.ts); every refusal is a field message on `handle`.
 * - The export holds the caller's own rows only: never another person's email, never a
 *   buyer of the caller's products.
 * - Deleting erases personal data but never money: orders, payouts, downloads, licences and
 *   subscriptions stay, pointing at the profile, which becomes an anonymous tombstone. The
 *   creator's products are archived (off the catalogue; buyers keep downloading what they
 *   paid for), the reviews they wrote go (product ratings recomputed), renewing subscriptions are cancelled at period end, API keys and webhooks go,
 *   and the profile picture and cover photo leave storage.
 */
import type { Db } from '@/db/database';
import { AppError } from '../_shared/errors';
import { pagesShowingProduct } from '../rebuilds/affected-pages';
import { recordPageChange } from '../rebuilds/rebuilds.service';
import { afterCommit, emit, jobsReady, type CommittedEvent } from '../jobs';
import { getBlobStore, type BlobStore } from '../_shared/blob-store';
import { removeProfileImage } from '../profiles/profile-images.service';
import { PROFILE_IMAGE_KINDS } from '@/src/shared/domain';
import { recomputeSellerRating } from '../reviews/reviews.repository';
import { recomputeProductRating } from '../product-reviews/product-reviews.repository';
import { RATING_PRIOR } from '../product-reviews/product-reviews.service';
import { defaultPaymentsDeps, type PaymentsDeps } from '../payments/deps';
import { updateSubscription } from '../payments/payments.repository';
import { HANDLE_MAX_LENGTH, HANDLE_MESSAGES, HANDLE_PATTERN, handleProblem, normalizeHandle, suggestHandle } from '@/src/shared/handles';
import type { AccountExport, SessionView } from '@/src/shared/api/schemas/account';
import {
  anonymiseProfile,
  archiveAllProducts,
  exportAccount,
  exportDownloads,
  exportFavorites,
  exportFollows,
  exportOrders,
  exportProducts,
  exportProductReviews,
  exportSellerReviews,
  findHandle,
  findProfileIdByHandle,
  findSessionToken,
  handleTakenByOther,
  listActiveSessions,
  listRenewingSubscriptions,
  isLiveProfile,
  lockLiveProfile,
  removeFollows,
  removePersonalRows,
  removeProductReviews,
  removeSellerReviews,
  setHandle,
} from './account.repository';

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

// ---- Handle -----------------------------------------------------------------------------

export async function chooseHandle(db: Db, userId: string, raw: string): Promise<{ handle: string }> {
  const handle = normalizeHandle(raw);
  const problem = handleProblem(handle);
  if (problem) throw new AppError('VALIDATION_FAILED', problem, { handle: problem });
  if (await handleTakenByOther(db, handle, userId)) throw new AppError('HANDLE_TAKEN', undefined, { handle: HANDLE_MESSAGES.taken });
  try {
    await setHandle(db, userId, handle);
  } catch (error) {
    // Two people choosing the same handle at once: the unique index lets one through.
    if ((error as { code?: string } | null)?.code === '23505') throw new AppError('HANDLE_TAKEN', undefined, { handle: HANDLE_MESSAGES.taken });
    throw error;
  }
  return { handle };
}

// ---- Sessions ---------------------------------------------------------------------------

export async function listSessions(db: Db, userId: string, currentSessionId: string | null): Promise<{ items: SessionView[] }> {
  const rows = await listActiveSessions(db, userId);
  return {
    items: rows.map((s) => ({
      id: s.id,
      current: s.id === currentSessionId,
      createdAt: iso(s.created_at)!,
      lastActiveAt: iso(s.updated_at)!,
      expiresAt: iso(s.expires_at)!,
      ipAddress: s.ip_address,
      userAgent: s.user_agent ? s.user_agent.slice(0, 300) : null,
    })),
  };
}

/** The session's token, for better-auth to revoke; 404 for an id that is not one of the user's sessions. */
export async function sessionTokenOf(db: Db, userId: string, sessionId: string): Promise<string> {
  const token = await findSessionToken(db, userId, sessionId);
  if (!token) throw new AppError('SESSION_NOT_FOUND');
  return token;
}

// ---- Export -----------------------------------------------------------------------------

type ExportSection = (db: Db, userId: string) => Promise<unknown>;

/** The reviews the user wrote, by kind: another kind of review adds its loader here. */
const REVIEW_EXPORTS: Record<string, ExportSection> = {
  seller: exportSellerReviews,
  product: exportProductReviews,
};

async function exportReviews(db: Db, userId: string): Promise<Record<string, unknown>> {
  const entries = await Promise.all(Object.entries(REVIEW_EXPORTS).map(async ([kind, load]) => [kind, await load(db, userId)] as const));
  return Object.fromEntries(entries);
}

/** Everything the user put in or bought, as JSON (GET /api/settings/account/export). */
export async function exportMyData(db: Db, userId: string): Promise<AccountExport> {
  const account = await exportAccount(db, userId);
  if (!account) throw new AppError('PROFILE_NOT_FOUND');
  const [products, orders, downloads, favorites, follows, reviews] = await Promise.all([
    exportProducts(db, userId),
    exportOrders(db, userId),
    exportDownloads(db, userId),
    exportFavorites(db, userId),
    exportFollows(db, userId),
    exportReviews(db, userId),
  ]);
  // JSON round trip: dates become ISO strings, numerics stay as the database gives them.
  return JSON.parse(
    JSON.stringify({
      format: 'toolmint-account-export/1',
      exportedAt: new Date().toISOString(),
      profile: account,
      products,
      orders,
      downloads,
      favorites,
      follows,
      reviews,
    }),
  ) as AccountExport;
}

// ---- Deletion ---------------------------------------------------------------------------

/**
 * better-auth's beforeDelete: runs before the user row (sessions, password, API keys) goes.
 * All of it in one transaction, so a failure leaves the account as it was and the deletion is
 * refused; the catalogue pages that showed the archived products are re-rendered after.
 */
export async function deleteAccountData(
  db: Db,
  userId: string,
  deps: Pick<PaymentsDeps, 'provider'> = defaultPaymentsDeps(),
  blobs: BlobStore = getBlobStore(),
): Promise<void> {
  // The buyer stops paying; access lasts to the period's end, as with 'Cancel subscription'.
  for (const sub of await listRenewingSubscriptions(db, userId)) {
    await deps.provider.cancelSubscriptionAtPeriodEnd(sub.provider_subscription_id);
    await updateSubscription(db, sub.provider_subscription_id, { cancelAtPeriodEnd: true });
  }
  // The picture and cover photo leave storage first (the profile's own remove, which is
  // idempotent): a failure here refuses the deletion before anything is erased.
  if (await isLiveProfile(db, userId)) {
    for (const kind of PROFILE_IMAGE_KINDS) await removeProfileImage(db, blobs, userId, kind);
  }
  await jobsReady(db);
  const pages = await db.transaction().execute(async (trx) => {
    if (!(await lockLiveProfile(trx, userId))) return [];
    const products = await archiveAllProducts(trx, userId);
    await removeFollows(trx, userId);
    const sellers = await removeSellerReviews(trx, userId);
    for (const sellerId of sellers) await recomputeSellerRating(trx, sellerId);
    const reviewed = await removeProductReviews(trx, userId);
    for (const product of reviewed) await recomputeProductRating(trx, product.id, RATING_PRIOR);
    await removePersonalRows(trx, userId);
    await anonymiseProfile(trx, userId);
    // Their pages: archived products leave them; other products showed a rating the deleted reviews counted in.
    const archivedIds = new Set(products.map((p) => p.id));
    const changed = [...products.map((p) => ['archived', p] as const), ...reviewed.filter((p) => !archivedIds.has(p.id)).map((p) => ['review', p] as const)];
    const events: CommittedEvent[] = [];
    for (const [reason, { id, ai_tool_type }] of changed) {
      events.push(await recordPageChange(trx, { reason, productId: id, paths: pagesShowingProduct({ id, toolIds: [ai_tool_type] }) }));
    }
    // The profile is no page from this commit on: the index of existing ids forgets it (docs/decisions/071).
    await emit(trx, 'profile.deleted', { userId });
    events.push({ event: 'profile.deleted', data: { userId } });
    return events;
  });
  afterCommit(db, pages);
}

/** The live profile a /@handle names (any case), or null for an invalid or unknown handle. */
export async function profileIdForHandle(db: Db, raw: string): Promise<{ id: string; handle: string } | null> {
  const handle = normalizeHandle(raw);
  if (!HANDLE_PATTERN.test(handle)) return null;
  return (await findProfileIdByHandle(db, handle)) ?? null;
}

/** What /settings/account renders first: the handle (or a free suggestion from the name) and the sessions. */
export async function accountSettingsOf(db: Db, user: { id: string; fullName?: string | null; name?: string | null }, sessionId: string | null) {
  const [handle, sessions] = await Promise.all([findHandle(db, user.id), listSessions(db, user.id, sessionId)]);
  return { handle, suggestedHandle: handle ?? (await freeHandleLike(db, user.id, suggestHandle(user.fullName ?? user.name))), sessions: sessions.items };
}

/** The suggestion itself when nobody has it, else with the first free number (ada-lovelace-2). */
async function freeHandleLike(db: Db, userId: string, base: string): Promise<string> {
  for (let n = 1; n < 50; n += 1) {
    const candidate = n === 1 ? base : `${base.slice(0, HANDLE_MAX_LENGTH - String(n).length - 1)}-${n}`;
    if (!(await handleTakenByOther(db, candidate, userId))) return candidate;
  }
  return base;
}
