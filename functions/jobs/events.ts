/**
 * Named events: what a transaction records as having happened, so that reactions run after it
 * commits (docs/decisions/055). The transaction calls emit(trx, event, data) from engine.ts,
 * which enqueues one pg-boss job per reaction through that same transaction. The reactions
 * exist exactly when the change commits, and pg-boss retries each one with backoff: a mail
 * transport that is down delays a receipt and does not lose it. Each event and its data are
 * declared once, here.
 */
export interface DomainEvents {
  /** An order became paid: a completed checkout, or a subscription's renewal. */
  'order.paid': { orderId: string };
  /**
   * An order was refunded. `reason`: the buyer's email opens with it (a refund that was ours to
   * make); `buyerEmail: false`: the buyer is told by another email (an approved refund request's answer).
   */
  'order.refunded': { orderId: string; reason?: string; buyerEmail: boolean };
  /**
   * A payment completed that must go back at once: a second payment for a one-time product the
   * buyer already owns, or a payment for a product no longer for sale.
   */
  'order.refund-due': { orderId: string; why: RefundDueReason };
  /**
   * A creator webhook delivery was recorded (functions/webhooks): its job sends it, and pg-boss
   * retries it with backoff (docs/decisions/060). Emitted with the delivery's id as singletonKey.
   */
  'webhooks.due': { deliveryId: string };
  /**
   * Content changed that the catalogue pages show (functions/rebuilds): `paths` are the pages it
   * touches (functions/rebuilds/affected-pages.ts); `productId` the product whose page must stop
   * being served at once after an unpublish, archive or delete (see HIDING_REASONS).
   */
  'pages.changed': { reason: PageChangeReason; productId: string | null; paths: string[] };
  /**
   * An administrator approved a post held for review (functions/moderation): the community
   * announces it to whom its publication would have told (functions/community/announce-approved.job.ts).
   */
  'post.approved': { kind: 'thread' | 'reply'; id: string };
  /**
   * A community thread was created (functions/community). No reaction: its commit hook tells the
   * server's index of existing ids (scripts/lib/known-ids.ts) before the request answers, so the
   * new thread's page is not answered 404 from memory (docs/decisions/065).
   */
  'community.thread-created': { threadId: string };
  /**
   * An account was made, and with it its profile (a trigger writes the profile row in the
   * user's statement). No reaction: its commit hook tells the server's index of existing ids, so
   * the new profile's page is not answered 404 from memory (docs/decisions/071). better-auth
   * makes the row in its own transaction, so this is not emitted in it: its databaseHooks'
   * `after`, which runs once that transaction has committed, passes it to afterCommit
   * (functions/auth/auth.ts). A reaction added to it would need an emit there.
   */
  'profile.created': { userId: string };
  /** An account was deleted: its profile is a tombstone from this commit on, no page (functions/account). No reaction; its commit hook tells the index. */
  'profile.deleted': { userId: string };
  /**
   * A creator sent an email to their buyers or followers (functions/customer-emails,
   * docs/decisions/078): its batch job queues the recipients' emails, 100 a run.
   */
  'customer-email.sent': { customerEmailId: string };
}

export type EventName = keyof DomainEvents;

export type RefundDueReason = 'duplicate' | 'unavailable';

/** Product changes, a tool update or a change of a tool's page, and a product review (its rating). */
export type PageChangeReason = 'published' | 'updated' | 'unpublished' | 'archived' | 'deleted' | 'tool_update' | 'review' | 'tool_changed';
