/**
 * Product views (spec sections 3 and 7, docs/decisions/011): a published product's views_count
 * counts each visitor once per UTC day (visitor.ts says who a visitor is); the counted view is
 * kept as a product_interactions row (user id empty for visitors, the browser's session id, the
 * context), which the creator analytics read. A repeated view answers the same as a counted one.
 */
import { isUuid } from '@/src/shared/ids';
import type { InteractionType } from '@/src/shared/domain';
import type { Db } from '@/db/database';
import { AppError } from '../_shared/errors';
import { anonymiseInteractionsBefore, countView, deleteViewDaysBefore } from './interactions.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export async function recordView(
  db: Db,
  input: {
    productId: string;
    userId: string | null;
    /** From identifyVisitor (visitor.ts). */
    visitorKey: string;
    visitorAlias?: string | null;
    sessionId?: string | undefined;
    type: InteractionType;
    userAgent: string | null;
    now?: Date;
  },
): Promise<{ counted: boolean }> {
  if (!isUuid(input.productId)) throw new AppError('PRODUCT_NOT_FOUND');
  const now = input.now ?? new Date();
  const outcome = await countView(db, {
    productId: input.productId,
    userId: input.userId,
    visitorKey: input.visitorKey,
    alias: input.visitorAlias ?? null,
    day: utcDay(now),
    sessionId: input.sessionId ?? null,
    type: input.type,
    context: { timestamp: now.toISOString(), userAgent: input.userAgent?.slice(0, 300) ?? null },
  });
  if (outcome === 'missing') throw new AppError('PRODUCT_NOT_FOUND');
  return { counted: outcome === 'counted' };
}

/** Keeps today and yesterday (a view just after midnight UTC still meets yesterday's rows). */
export async function pruneViewDays(db: Db, now = new Date()): Promise<number> {
  return deleteViewDaysBefore(db, utcDay(new Date(now.getTime() - DAY_MS)));
}

/** How long an interaction keeps whose it was (the Privacy Policy's 'Retention'). */
const INTERACTION_RETENTION_MONTHS = 24;
/** At most this many rows a sweep: an hourly sweep catches up with any backlog without one long lock. */
const ANONYMISE_BATCH = 10_000;

/** Interactions older than INTERACTION_RETENTION_MONTHS lose their account, session, visitor key and user agent. */
export async function anonymiseOldInteractions(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now);
  before.setUTCMonth(before.getUTCMonth() - INTERACTION_RETENTION_MONTHS);
  return anonymiseInteractionsBefore(db, before, ANONYMISE_BATCH);
}
