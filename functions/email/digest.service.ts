/**
 * Daily and weekly digests (issue 18, docs/decisions/041), built per user per period exactly
 * once: a digest is an email_messages row of kind 'daily_digest' / 'weekly_digest' whose
 * reference is the period and its start ('daily:2026-11-27'), under the table's unique
 * (user_id, kind, reference). Two overlapping schedulers both build it; only one inserts, and
 * only that one marks the period's pending emails as digested (in the same transaction), so
 * each line lands in one digest. Users with nothing new get none.
 *
 * - Daily: the user's pending emails of the kinds they set to 'Daily digest'.
 * - Weekly: the pending emails of kinds set to 'Weekly digest', and, when the weekly digest is
 *   on, the week's updates of the tools they follow, the week's new products of creators they
 *   follow, and the products trending in their categories (categories of what they favorited
 *   or downloaded). Trending alone is not news: a week with nothing else sends nothing.
 * Periods are UTC: a day from midnight, a week from Monday midnight; the job builds the last
 * complete one.
 */
import type { Db } from '@/db/database';
import { getEnv } from '@/env';
import type { EmailKind, EmailPreferences } from '@/src/shared/email-preferences';
import { pieceOf, type Piece } from './content';
import { getPreferences } from './preferences.service';
import type { EmailSection } from './templates/email';
import {
  insertDigest,
  markDigested,
  selectDigestCandidates,
  selectFollowedNewProducts,
  selectFollowedToolUpdates,
  selectPendingDigestLines,
  selectTrendingInUserCategories,
} from './digest.repository';
import { userExists } from './preferences.repository';
import { enqueueDeliveries, inOutboxTransaction } from './outbox';

export type DigestPeriod = 'daily' | 'weekly';

const DAY = 86_400_000;
/** Lines per section of a digest; the rest are counted in its title. */
const SECTION_MAX = 20;
const RECAP_MAX = 10;
const TRENDING_MAX = 5;

/** The last complete period before `now`: [start, end). */
export function lastCompletePeriod(period: DigestPeriod, now = new Date()): { start: Date; end: Date } {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (period === 'daily') return { start: new Date(midnight - DAY), end: new Date(midnight) };
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  const end = midnight - sinceMonday * DAY;
  return { start: new Date(end - 7 * DAY), end: new Date(end) };
}

const digestReference = (period: DigestPeriod, start: Date) => `${period}:${start.toISOString().slice(0, 10)}`;

interface Line {
  piece: Piece;
  key: string;
}

async function recap(db: Db, userId: string, preferences: EmailPreferences, start: Date, end: Date, siteUrl: string): Promise<Line[]> {
  const lines: Line[] = [];
  if (preferences.tool_update !== 'off' || preferences.security_update !== 'off') {
    const updates = await selectFollowedToolUpdates(db, userId, start, end, RECAP_MAX);
    for (const u of updates) {
      const kind: EmailKind = u.update_type === 'security' ? 'security_update' : 'tool_update';
      if (preferences[kind] === 'off') continue;
      const piece = await pieceOf(db, { user_id: userId, kind, reference: `update:${u.id}`, payload: null }, siteUrl);
      if (piece) lines.push({ piece, key: `${kind}|update:${u.id}` });
    }
  }
  if (preferences.new_product !== 'off') {
    const products = await selectFollowedNewProducts(db, userId, start, end, RECAP_MAX);
    for (const p of products) {
      const piece = await pieceOf(db, { user_id: userId, kind: 'new_product', reference: `product:${p.id}`, payload: null }, siteUrl);
      if (piece) lines.push({ piece, key: `new_product|product:${p.id}` });
    }
  }
  return lines;
}

async function trending(db: Db, userId: string, end: Date, siteUrl: string): Promise<EmailSection | null> {
  const rows = await selectTrendingInUserCategories(db, userId, end, TRENDING_MAX);
  if (!rows.length) return null;
  return {
    title: 'Trending in your categories',
    cards: rows.map((r) => ({
      eyebrow: r.category ?? 'Trending',
      title: r.title,
      text: r.short_description ?? undefined,
      url: new URL(`/product/${r.id}`, siteUrl).toString(),
    })),
  };
}

function sectionsOf(lines: Line[]): EmailSection[] {
  const bySection = new Map<string, EmailSection['cards']>();
  const seen = new Set<string>();
  for (const { piece, key } of lines) {
    if (seen.has(key)) continue;
    seen.add(key);
    const cards = bySection.get(piece.section) ?? [];
    cards.push(piece.card);
    bySection.set(piece.section, cards);
  }
  return [...bySection].map(([title, cards]) => ({
    title: cards.length > SECTION_MAX ? `${title} (${SECTION_MAX} of ${cards.length})` : title,
    cards: cards.slice(0, SECTION_MAX),
  }));
}

/**
 * One user's digest of one period: built and queued, or null when there is nothing new or
 * another run built it first.
 */
async function buildDigestFor(
  db: Db,
  userId: string,
  period: DigestPeriod,
  window: { start: Date; end: Date },
  siteUrl = getEnv().SITE_URL,
): Promise<string | null> {
  const preferences = (await userExists(db, userId)) ? await getPreferences(db, userId) : null;
  if (!preferences) return null;
  const pending = await selectPendingDigestLines(db, userId, period, window.end);
  const lines: Line[] = [];
  for (const row of pending) {
    if (row.kind === 'daily_digest' || row.kind === 'weekly_digest' || row.kind === 'transactional') continue;
    if (preferences[row.kind] !== period) continue;
    const piece = await pieceOf(db, row, siteUrl);
    if (piece) lines.push({ piece, key: `${row.kind}|${row.reference}` });
  }
  let trend: EmailSection | null = null;
  if (period === 'weekly' && preferences.weekly_digest === 'weekly') {
    lines.push(...(await recap(db, userId, preferences, window.start, window.end, siteUrl)));
    if (lines.length) trend = await trending(db, userId, window.end, siteUrl);
  }
  if (!lines.length) return null;
  const sections = [...sectionsOf(lines), ...(trend ? [trend] : [])];
  const day = window.start.toISOString().slice(0, 10);
  const subject = period === 'daily' ? `Your toolmint daily digest for ${day}` : `Your toolmint week from ${day}`;
  const intro =
    period === 'daily'
      ? 'What happened yesterday on toolmint that you asked to hear about.'
      : 'Your week on toolmint: what the tools and creators you follow shipped.';
  // The digest, the lines it took and its delivery job commit together (the outbox, outbox.ts).
  return inOutboxTransaction(db, async (trx) => {
    const digest = await insertDigest(trx, {
      userId,
      period,
      reference: digestReference(period, window.start),
      payload: JSON.stringify({ subject, intro, sections }),
    });
    if (!digest) return null;
    const ids = pending.map((p) => p.id);
    if (ids.length) await markDigested(trx, ids, digest.id);
    await enqueueDeliveries(trx, [digest.id]);
    return digest.id;
  });
}

/** Every user's digest of the last complete period (the 'email.digest.daily' / '.weekly' jobs). */
export async function buildDigests(db: Db, period: DigestPeriod, options: { now?: Date; siteUrl?: string } = {}): Promise<{ built: number; skipped: number }> {
  const window = lastCompletePeriod(period, options.now);
  let after = '';
  let built = 0;
  let skipped = 0;
  for (;;) {
    const users = await selectDigestCandidates(db, period, window.start, window.end, after, 500);
    for (const userId of users) {
      if (await buildDigestFor(db, userId, period, window, options.siteUrl)) built++;
      else skipped++;
    }
    if (users.length < 500) return { built, skipped };
    after = users[users.length - 1]!;
  }
}
