/**
 * /tool-updates for a signed-in user (spec sections 2, 4, 7 and 8): the updates of the tools
 * they follow (and security notices about products they downloaded), newest first, unread
 * ones marked, 'Mark All as Read (count)' while anything is unread, an item marked read when
 * opened, a filter by tool, and 'Load more'. The first page arrives as props (rendered on the
 * server), so the list is there before any script runs.
 *
 * The header badge and this list share $unreadCount: a mark-read sets it from the server's
 * answer; when the badge's count rises (the tab regained focus and new updates arrived), the
 * first page is loaded again.
 *
 * A creator's sale and refund notices (docs/decisions/014) are entries of the same list:
 * 'New sale: {product} — {amount}' or 'Refund: …', a link to /sales that marks the notice read.
 * So are community notices (docs/decisions/035): a reply, a mention, an accepted answer, a
 * question on the creator's product, each a link to the thread that marks the notice read. So
 * are tool notices (docs/decisions/043): a submission approved, sent back or not accepted, a
 * claim verified, refused or revoked, a new co-maintainer, a paused changelog feed, each a link
 * to the tool's page, its management page or the submission.
 * And the reader's own suspension or its lifting (docs/decisions/042): until when and why, a
 * link to the dashboard.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { formatDate, timeAgo } from '@/src/shared/format';
import type { FeedItem, ToolUpdateFeedItem } from '@/src/shared/api/schemas/updates';
import {
  newProductNoticeHref,
  newProductNoticeText,
  COMMUNITY_NOTICE_LABELS,
  communityNoticeHref,
  communityNoticeText,
  orderNoticeBadge,
  orderNoticeHref,
  TOOL_NOTICE_LABELS,
  toolNoticeMessage,
  toolNoticeText,
  orderNoticeText,
  SUSPENSION_NOTICE_HREF,
  suspensionNoticeText,
  PAYOUT_NOTICE_HREF,
  payoutNoticeText,
  type PayoutFeedItem,
  versionNoticeHref,
  versionNoticeText,
  type NewProductFeedItem,
  type SuspensionFeedItem,
  type CommunityFeedItem,
  type OrderFeedItem,
  type ToolNoticeFeedItem,
  type VersionFeedItem,
} from '@/src/shared/notifications';
import { api } from '@/src/shared/api/client';
import { toast } from '@/src/stores/toasts';
import { useApiMutation } from '../hooks/use-api';
import { usePagedList } from '../hooks/use-paged-list';
import { $unreadCount, setUnreadCount } from '@/src/stores/notifications';
import { UpdateTypeBadge, UpdateVersion } from './UpdateTypeBadge';
import './updates.css';
import './feed.css';

interface Props {
  initialItems: FeedItem[];
  initialCursor: string | null;
  initialUnread: number;
  followedTools: { toolId: string; name: string }[];
}

/** When an entry was posted, and 'New' while it is unread. */
function When({ at, unread }: { at: string; unread: boolean }) {
  return (
    <>
      <time className="utime" dateTime={at} title={formatDate(at)} suppressHydrationWarning>
        {timeAgo(at)}
      </time>
      {unread ? <span className="fnew">New</span> : null}
    </>
  );
}

/** An entry's title, marked (a dot, and words for screen readers) while it is unread. */
function EntryTitle({ text, unread }: { text: string; unread: boolean }) {
  return (
    <>
      {unread ? <span className="fdot" aria-hidden="true" /> : null}
      <span>{text}</span>
      {unread ? <span className="visually-hidden"> (unread)</span> : null}
    </>
  );
}

/** A sale, refund or refund request of one of the creator's products (the link to /sales), or a buyer's answer to a refund request (to /library): opening it reads it. */
function OrderEntry({ item, onOpen }: { item: OrderFeedItem; onOpen: (item: FeedItem) => void }) {
  const unread = !item.isRead;
  const badge = orderNoticeBadge(item);
  return (
    <li className={`fitem forder${unread ? ' is-unread' : ''}`}>
      <div className="fitem-meta">
        <span className={`utype utype-${badge.tone}`}>{badge.label}</span>
        <When at={item.createdAt} unread={unread} />
      </div>
      <h2 className="fitem-title">
        <a className="ftitle-button" href={orderNoticeHref(item)} onClick={() => onOpen(item)}>
          <EntryTitle text={orderNoticeText(item)} unread={unread} />
        </a>
      </h2>
    </li>
  );
}

/** A new version of a product the reader owns: opening it (the link to the product's 'What's new') reads it. */
function VersionEntry({ item, onOpen }: { item: VersionFeedItem; onOpen: (item: FeedItem) => void }) {
  const unread = !item.isRead;
  return (
    <li className={`fitem fversion${unread ? ' is-unread' : ''}`}>
      <div className="fitem-meta">
        <span className="utype utype-blue">New version</span>
        <When at={item.createdAt} unread={unread} />
      </div>
      <h2 className="fitem-title">
        <a className="ftitle-button" href={versionNoticeHref(item)} onClick={() => onOpen(item)}>
          <EntryTitle text={versionNoticeText(item)} unread={unread} />
        </a>
      </h2>
      {item.notes ? <p className="uitem-body fversion-notes">{item.notes}</p> : null}
    </li>
  );
}

/** A product published by a creator the reader follows: opening it (the link to the product) reads it. */
function NewProductEntry({ item, onOpen }: { item: NewProductFeedItem; onOpen: (item: FeedItem) => void }) {
  const unread = !item.isRead;
  return (
    <li className={`fitem fproduct${unread ? ' is-unread' : ''}`}>
      <div className="fitem-meta">
        <span className="utype utype-blue">New product</span>
        <When at={item.createdAt} unread={unread} />
      </div>
      <h2 className="fitem-title">
        <a className="ftitle-button" href={newProductNoticeHref(item)} onClick={() => onOpen(item)}>
          <EntryTitle text={newProductNoticeText(item)} unread={unread} />
        </a>
      </h2>
    </li>
  );
}

/** A community notice: opening it (the link to the thread, at the reply) reads it. */
function CommunityEntry({ item, onOpen }: { item: CommunityFeedItem; onOpen: (item: FeedItem) => void }) {
  const unread = !item.isRead;
  return (
    <li className={`fitem fcommunity${unread ? ' is-unread' : ''}`}>
      <div className="fitem-meta">
        <span className="utype utype-blue">{COMMUNITY_NOTICE_LABELS[item.kind]}</span>
        <When at={item.createdAt} unread={unread} />
      </div>
      <h2 className="fitem-title">
        <a className="ftitle-button" href={communityNoticeHref(item)} onClick={() => onOpen(item)}>
          <EntryTitle text={communityNoticeText(item)} unread={unread} />
        </a>
      </h2>
      {item.excerpt ? <p className="uitem-body fversion-notes">{item.excerpt}</p> : null}
    </li>
  );
}

/** What happened to a tool the reader submitted, claimed or maintains: opening it (the link to the tool, its management page or the submission) reads it. */
function ToolNoticeEntry({ item, onOpen }: { item: ToolNoticeFeedItem; onOpen: (item: FeedItem) => void }) {
  const unread = !item.isRead;
  const message = toolNoticeMessage(item);
  const bad =
    item.toolEvent === 'submission_rejected' || item.toolEvent === 'claim_rejected' || item.toolEvent === 'claim_revoked' || item.toolEvent === 'source_paused';
  return (
    <li className={`fitem ftool-notice${unread ? ' is-unread' : ''}`}>
      <div className="fitem-meta">
        <span
          className={`utype ${item.toolEvent === 'submission_approved' || item.toolEvent === 'claim_verified' ? 'utype-green' : bad ? 'utype-neutral' : 'utype-blue'}`}
        >
          {TOOL_NOTICE_LABELS[item.toolEvent]}
        </span>
        <When at={item.createdAt} unread={unread} />
      </div>
      <h2 className="fitem-title">
        <a className="ftitle-button" href={item.href} onClick={() => onOpen(item)}>
          <EntryTitle text={toolNoticeText(item)} unread={unread} />
        </a>
      </h2>
      {message ? <p className="uitem-body fversion-notes">{message}</p> : null}
    </li>
  );
}

/** The reader's own suspension or its lifting: until when and why; opening it (the link to the dashboard) reads it. */
function SuspensionEntry({ item, onOpen }: { item: SuspensionFeedItem; onOpen: (item: FeedItem) => void }) {
  const unread = !item.isRead;
  return (
    <li className={`fitem fsuspension${unread ? ' is-unread' : ''}`}>
      <div className="fitem-meta">
        <span className={`utype ${item.lifted ? 'utype-green' : 'utype-red'}`}>{item.lifted ? 'Suspension lifted' : 'Account suspended'}</span>
        <When at={item.createdAt} unread={unread} />
      </div>
      <h2 className="fitem-title">
        <a className="ftitle-button" href={SUSPENSION_NOTICE_HREF} onClick={() => onOpen(item)}>
          <EntryTitle text={suspensionNoticeText(item)} unread={unread} />
        </a>
      </h2>
      <p className="uitem-body fversion-notes">Reason: {item.reason}</p>
    </li>
  );
}

function PayoutEntry({ item, onOpen }: { item: PayoutFeedItem; onOpen: (item: FeedItem) => void }) {
  const unread = !item.isRead;
  const paid = item.status === 'paid';
  return (
    <li className={`fitem fpayout${unread ? ' is-unread' : ''}`}>
      <div className="fitem-meta">
        <span className={`utype ${paid ? 'utype-green' : 'utype-red'}`}>{paid ? 'Payout sent' : 'Payout failed'}</span>
        <When at={item.createdAt} unread={unread} />
      </div>
      <h2 className="fitem-title">
        <a className="ftitle-button" href={PAYOUT_NOTICE_HREF} onClick={() => onOpen(item)}>
          <EntryTitle text={payoutNoticeText(item)} unread={unread} />
        </a>
      </h2>
      <p className="uitem-body fversion-notes">
        {paid ? `Reference: ${item.reference ?? '—'}` : `${item.failureReason ?? 'No reason given.'} The amount is back in your balance.`}
      </p>
    </li>
  );
}

function FeedEntry({ item, onOpen }: { item: ToolUpdateFeedItem; onOpen: (item: FeedItem) => void }) {
  const [open, setOpen] = useState(false);
  const unread = !item.isRead;
  const bodyId = `update-${item.id}`;
  function toggle() {
    const next = !open;
    setOpen(next);
    if (next) onOpen(item);
  }
  return (
    <li className={`fitem${unread ? ' is-unread' : ''}${item.reason === 'security_impact' ? ' is-impact' : ''}`}>
      <div className="fitem-meta">
        <a className="ftool" href={item.toolHref}>
          {item.toolName}
        </a>
        <UpdateTypeBadge type={item.updateType} />
        <UpdateVersion version={item.version} />
        <When at={item.createdAt} unread={unread} />
      </div>
      <h2 className="fitem-title">
        <button type="button" className="ftitle-button" aria-expanded={open} aria-controls={bodyId} onClick={toggle}>
          <EntryTitle text={item.title} unread={unread} />
          <svg className="fchevron" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </h2>
      {item.reason === 'security_impact' ? (
        <p className="fimpact">
          {item.impactedProduct ? (
            <>
              You downloaded <a href={`/product/${item.impactedProduct.id}`}>{item.impactedProduct.title}</a>, which is built on {item.toolName}.
            </>
          ) : (
            <>You downloaded a product built on {item.toolName}.</>
          )}
        </p>
      ) : null}
      <div id={bodyId} className="fbody" hidden={!open}>
        <p className="uitem-body">{item.content}</p>
        <p className="fby muted">
          Posted {formatDate(item.createdAt)}
          {item.authorName ? ` by ${item.authorName}` : ''} · <a href={item.toolHref}>{item.toolName} page</a>
        </p>
      </div>
      {!open ? (
        <p className="uitem-body clamp fpreview" aria-hidden="true" onClick={toggle}>
          {item.content}
        </p>
      ) : null}
    </li>
  );
}

export default function ToolUpdatesFeed({ initialItems, initialCursor, initialUnread, followedTools }: Props) {
  const [unread, setUnread] = useState(initialUnread);
  const [toolId, setToolId] = useState<string | null>(null);
  const badgeCount = useStore($unreadCount);
  const shownUnread = useRef(initialUnread);

  // The page knows the count: the badge shows it at once, without waiting for its own request.
  useEffect(() => {
    setUnreadCount(initialUnread);
  }, [initialUnread]);

  function applyUnread(count: number) {
    shownUnread.current = count;
    setUnread(count);
    setUnreadCount(count);
  }

  // Answers can arrive out of order (a read's after the read-all sent after it, in CI): a count
  // is applied only if no request sent later has answered already. The ticket is taken when a
  // request is sent, whichever of the requests below sends it.
  const countTickets = useRef({ sent: 0, applied: 0 });
  function countFromServer(): (count: number) => void {
    const ticket = ++countTickets.current.sent;
    return (count) => {
      if (ticket < countTickets.current.applied) return;
      countTickets.current.applied = ticket;
      applyUnread(count);
    };
  }

  const feed = usePagedList(
    // `quiet`: a reload because the badge saw new updates, not the reader's own action.
    async (signal, cursor, tool: string | null, _quiet?: boolean) => {
      const applyCount = countFromServer();
      const answer = await api('GET /api/notifications', { query: { ...(cursor ? { cursor } : {}), ...(tool ? { tool } : {}) }, signal });
      return { ...answer, applyCount };
    },
    {
      initial: { items: initialItems, nextCursor: initialCursor },
      onPage: (page) => page.applyCount(page.unreadCount),
      onError: (_error, more, _tool, quiet) =>
        toast({ title: quiet && !more ? 'Failed to load notifications' : 'Failed to load updates', variant: 'destructive' }),
    },
  );
  const { items } = feed;

  // New updates arrived while the page was open (the badge saw more unread than we show).
  // An effect event: it reads the latest toolId, and only a new badge count runs it.
  const reloadQuietly = useEffectEvent(() => void feed.load(toolId, true));
  useEffect(() => {
    if (badgeCount > shownUnread.current) reloadQuietly();
  }, [badgeCount]);

  function filter(next: string | null) {
    if (next === toolId) return;
    setToolId(next);
    void feed.load(next);
  }

  // Shown as read at once; a failure is only logged (spec section 8).
  const read = useApiMutation(
    async (_signal, notificationId: string) => {
      const applyCount = countFromServer();
      // keepalive: an order notice is read by following its link, and the request outlives the page.
      const body = await api('POST /api/notifications/{id}/read', { params: { id: notificationId }, keepalive: true });
      applyCount(body.unreadCount);
    },
    { onError: (error) => console.warn('[tool-updates] marking one notification read failed:', error.message) },
  );

  function markRead(item: FeedItem) {
    if (item.isRead || !item.notificationId) return;
    feed.setItems((current) => current.map((i) => (i.id === item.id ? { ...i, isRead: true } : i)));
    applyUnread(Math.max(0, shownUnread.current - 1));
    void read.run(item.notificationId);
  }

  const readAll = useApiMutation(
    async () => {
      const applyCount = countFromServer();
      const body = await api('POST /api/notifications/read-all');
      feed.setItems((current) => current.map((i) => ({ ...i, isRead: true })));
      applyCount(body.unreadCount);
    },
    {
      onSuccess: () => toast({ title: 'All notifications marked as read', variant: 'success' }),
      onError: () => toast({ title: 'Failed to mark notifications as read', variant: 'destructive' }),
    },
  );
  const loadingFilter = feed.loading;

  return (
    <div className="ffeed">
      <div className="ftoolbar">
        {followedTools.length > 0 ? (
          <div className="ffilters" role="group" aria-label="Filter by tool">
            <button type="button" className="fchip" aria-pressed={toolId === null} onClick={() => filter(null)}>
              All tools
            </button>
            {followedTools.map((t) => (
              <button key={t.toolId} type="button" className="fchip" aria-pressed={toolId === t.toolId} onClick={() => filter(t.toolId)}>
                {t.name}
              </button>
            ))}
          </div>
        ) : (
          <span />
        )}
        {unread > 0 ? (
          <button type="button" className="btn btn-primary fmark" onClick={() => void readAll.run()} disabled={readAll.busy} aria-busy={readAll.busy}>
            Mark All as Read ({unread})
          </button>
        ) : null}
      </div>

      <div aria-live="polite" aria-busy={loadingFilter} className={loadingFilter ? 'is-loading' : undefined}>
        {items.length === 0 ? (
          <div className="fempty card">
            <p className="fempty-title">No updates available</p>
            <p className="muted">
              {followedTools.length === 0
                ? 'Follow the AI tools you use to hear about their new features, fixes and security notices here.'
                : 'The tools you follow have not posted anything yet. New updates show up here and in the badge on AI Tools.'}
            </p>
            <a className="btn btn-secondary" href="/ai-tools">
              Browse AI tools
            </a>
          </div>
        ) : (
          <ul className="flist card">
            {items.map((item) =>
              item.kind === 'tool_update' ? (
                <FeedEntry key={item.id} item={item} onOpen={markRead} />
              ) : item.kind === 'product_version' ? (
                <VersionEntry key={item.id} item={item} onOpen={markRead} />
              ) : item.kind === 'new_product' ? (
                <NewProductEntry key={item.id} item={item} onOpen={markRead} />
              ) : item.kind === 'tool_notice' ? (
                <ToolNoticeEntry key={item.id} item={item} onOpen={markRead} />
              ) : item.kind === 'account_suspension' ? (
                <SuspensionEntry key={item.id} item={item} onOpen={markRead} />
              ) : item.kind === 'payout' ? (
                <PayoutEntry key={item.id} item={item} onOpen={markRead} />
              ) : 'threadId' in item ? (
                <CommunityEntry key={item.id} item={item} onOpen={markRead} />
              ) : (
                <OrderEntry key={item.id} item={item} onOpen={markRead} />
              ),
            )}
          </ul>
        )}
      </div>

      {feed.nextCursor ? (
        <div className="fmore">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void feed.more(toolId)}
            disabled={feed.loading || feed.loadingMore}
            aria-busy={feed.loadingMore}
          >
            {feed.loadingMore ? 'Loading…' : 'Load more updates'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
