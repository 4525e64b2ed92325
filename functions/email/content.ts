/**
 * What each email says (docs/decisions/041): from an email_messages row to the card it shows
 * (in its own email or in a digest) and the reason it came. Read at send time, from the rows
 * the reference names (a tool update, a product, an order, a review), so a million queued
 * tool-update emails share one update row; kinds without a table of ours (the community
 * notices) carry their card in the row's payload. Null: what it was about is gone (the email
 * is cancelled).
 */
import type { Db } from '@/db/database';
import type { EmailMessage } from '@/db/schema';
import { UPDATE_TYPE_LABELS } from '@/src/shared/domain';
import { EMAIL_KIND_INFO, type EmailKind } from '@/src/shared/email-preferences';
import { profileUrl } from '@/src/shared/handles';
import { formatCents, formatOrderNumber, netCents } from '@/src/shared/payments';
import { toolDetailsHref } from '@/src/shared/tool-pages';
import { renderMarkdown } from '../_shared/markdown';
import type { CustomerEmailAudience } from '@/src/shared/domain';
import type { EmailCard, EmailContent } from './templates/email';
import {
  findCreatorEmailForEmail,
  findOrderForEmail,
  findProductForEmail,
  findRefundRequestForEmail,
  findReviewForEmail,
  findToolUpdateForEmail,
  findUpdateNoticeReason,
} from './content.repository';

export interface Piece {
  card: EmailCard;
  /** The section a digest shows it in. */
  section: string;
  /** Why the email came: the footer's first line. */
  reason: string;
  /** The subject and heading of its own email. */
  subject: string;
  intro: string;
}

const abs = (siteUrl: string, path: string) => new URL(path, siteUrl).toString();
const excerpt = (text: string, max = 280) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
};

/** `update:<id>` -> the id; a reference's prefix says what it names. */
function referenceId(reference: string, prefix: string): string | null {
  return reference.startsWith(`${prefix}:`) ? reference.slice(prefix.length + 1) : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function toolUpdatePiece(db: Db, message: Pick<EmailMessage, 'user_id' | 'reference'>, siteUrl: string): Promise<Piece | null> {
  const id = referenceId(message.reference, 'update');
  if (!id || !UUID.test(id)) return null;
  const update = await findToolUpdateForEmail(db, id);
  if (!update) return null;
  const notice = await findUpdateNoticeReason(db, message.user_id, id);
  const security = update.update_type === 'security';
  const title = `${update.title}${update.version ? ` (${update.version})` : ''}`;
  return {
    card: {
      eyebrow: `${UPDATE_TYPE_LABELS[update.update_type]} · ${update.tool_name}`,
      title,
      text: excerpt(update.content),
      url: abs(siteUrl, toolDetailsHref({ id: update.tool_id, hasDetailPage: update.detail_page })),
      urgent: security,
    },
    section: 'Updates from tools you follow',
    reason:
      notice?.reason === 'security_impact'
        ? `You get this email because a product you got on toolmint is built on ${update.tool_name}.`
        : `You get this email because you follow ${update.tool_name} on toolmint.`,
    subject: security ? `Security update for ${update.tool_name}: ${update.title}` : `${update.tool_name}: ${update.title}`,
    intro: security ? `${update.tool_name} published a security update. Read it and update what you use.` : `${update.tool_name} published an update.`,
  };
}

async function newProductPiece(db: Db, message: Pick<EmailMessage, 'reference'>, siteUrl: string): Promise<Piece | null> {
  const id = referenceId(message.reference, 'product');
  if (!id || !UUID.test(id)) return null;
  const product = await findProductForEmail(db, id);
  if (!product || product.status !== 'published') return null;
  const creator = product.full_name ?? 'A creator you follow';
  return {
    card: {
      eyebrow: `New product · ${creator}`,
      title: product.title,
      text: excerpt(product.short_description ?? product.description ?? ''),
      url: abs(siteUrl, `/product/${product.id}`),
    },
    section: 'New from creators you follow',
    reason: `You get this email because you follow ${creator} on toolmint (${abs(siteUrl, profileUrl({ id: product.creator_id, handle: product.handle }))}).`,
    subject: `New from ${creator}: ${product.title}`,
    intro: `${creator} published a new product.`,
  };
}

async function orderPiece(db: Db, message: Pick<EmailMessage, 'reference'>, siteUrl: string): Promise<Piece | null> {
  const saleId = referenceId(message.reference, 'sale');
  const refundId = referenceId(message.reference, 'refund');
  const requestId = referenceId(message.reference, 'refund_request');
  const id = saleId ?? refundId ?? requestId;
  if (!id || !UUID.test(id)) return null;
  const order = await findOrderForEmail(db, id);
  if (!order) return null;
  const title = order.title ?? 'your product';
  const number = formatOrderNumber(order.number);
  const amount = formatCents(order.amount_cents);
  const sales = abs(siteUrl, '/sales');
  if (requestId) {
    // A buyer's refund request (docs/decisions/049): the reason is theirs, read at send time.
    const request = await findRefundRequestForEmail(db, order.id);
    if (!request?.reason) return null;
    return {
      card: { eyebrow: `Refund request · ${number}`, title: `Refund requested: ${title} — ${amount}`, text: `“${excerpt(request.reason)}”`, url: sales },
      section: 'Your sales',
      reason: 'You get this email because you sell on toolmint.',
      subject: `Refund requested: ${title} (${number})`,
      intro: `The buyer of order ${number} asks for a refund of ${title} (${amount}). Approve or decline it from your sales within 7 days; after that, toolmint’s team decides.`,
    };
  }
  if (refundId) {
    return {
      card: { eyebrow: `Refund · ${number}`, title: `Refund: ${title} — ${amount}`, text: 'The sale no longer counts towards your earnings.', url: sales },
      section: 'Your sales',
      reason: 'You get this email because you sell on toolmint.',
      subject: `Refund: ${title} (${number})`,
      intro: `Order ${number} of ${title} was refunded (${amount}).`,
    };
  }
  const commission = order.affiliate_user_id ? order.affiliate_commission_cents : 0;
  return {
    card: {
      eyebrow: `Sale · ${number}`,
      title: `New sale: ${title} — ${amount}`,
      text: `Platform fee ${formatCents(order.fee_cents)}, ${commission ? `affiliate commission ${formatCents(commission)}, ` : ''}your earnings ${formatCents(netCents(order.amount_cents, order.fee_cents) - commission)}${order.kind === 'subscription' ? ' (monthly subscription)' : ''}.`,
      url: sales,
    },
    section: 'Your sales',
    reason: 'You get this email because you sell on toolmint.',
    subject: `New sale: ${title}`,
    intro: `You made a sale of ${title}.`,
  };
}

async function reviewPiece(db: Db, message: Pick<EmailMessage, 'reference'>, siteUrl: string): Promise<Piece | null> {
  const id = referenceId(message.reference, 'review');
  if (!id || !UUID.test(id)) return null;
  const review = await findReviewForEmail(db, id);
  if (!review) return null;
  const stars = '★'.repeat(review.rating) + '☆'.repeat(Math.max(0, 5 - review.rating));
  return {
    card: {
      eyebrow: `Review · ${stars}`,
      title: `${review.full_name ?? 'Someone'} reviewed ${review.title}`,
      text: excerpt(review.review_text),
      url: abs(siteUrl, `/product/${review.product_id}#reviews`),
    },
    section: 'Reviews of your products',
    reason: 'You get this email because you sell on toolmint.',
    subject: `New review of ${review.title} (${review.rating}/5)`,
    intro: `${review.full_name ?? 'Someone'} reviewed ${review.title}.`,
  };
}

/** The payload a community notice (or any kind without a table of ours) queues with its email. */
export interface CardPayload {
  card: EmailCard;
  subject: string;
  intro: string;
  reason?: string;
}

function payloadPiece(kind: EmailKind, message: Pick<EmailMessage, 'payload'>, siteUrl: string): Piece | null {
  const p = message.payload as Partial<CardPayload> | null;
  if (!p?.card?.title || !p.card.url || !p.subject || !p.intro) return null;
  // Links are absolute and on the site: a payload's path is resolved against SITE_URL.
  const url = new URL(p.card.url, siteUrl);
  if (url.origin !== new URL(siteUrl).origin) return null;
  return {
    card: { ...p.card, url: url.toString() },
    section:
      { community_reply: 'Replies', community_mention: 'Mentions', community_answer_accepted: 'Accepted answers' }[kind as string] ??
      EMAIL_KIND_INFO[kind].label,
    reason: p.reason ?? 'You get this email because of your activity in the toolmint community.',
    subject: p.subject,
    intro: p.intro,
  };
}

/** An affiliate's commission of a sale through their link (reference `affiliate_sale:<order>`, docs/decisions/083); null once refunded. */
async function affiliateSalePiece(db: Db, message: Pick<EmailMessage, 'user_id' | 'reference'>, siteUrl: string): Promise<Piece | null> {
  const id = referenceId(message.reference, 'affiliate_sale');
  if (!id || !UUID.test(id)) return null;
  const order = await findOrderForEmail(db, id);
  if (!order || order.status !== 'paid' || order.affiliate_user_id !== message.user_id || order.affiliate_commission_cents <= 0) return null;
  const title = order.title ?? 'a product';
  const earned = formatCents(order.affiliate_commission_cents);
  return {
    card: {
      eyebrow: 'Affiliate sale',
      title: `${title} — you earned ${earned}`,
      text: `A sale of ${formatCents(order.amount_cents)} through your link.`,
      url: abs(siteUrl, '/affiliates'),
    },
    section: 'Your affiliate sales',
    reason: 'You get this email because you have an affiliate link on toolmint.',
    subject: `You earned ${earned}: a sale of ${title} through your link`,
    intro: `Someone bought ${title} through your affiliate link. Your commission of ${earned} is in your balance.`,
  };
}

/** The piece of one event email (not a digest). */
export async function pieceOf(db: Db, message: Pick<EmailMessage, 'user_id' | 'kind' | 'reference' | 'payload'>, siteUrl: string): Promise<Piece | null> {
  switch (message.kind) {
    case 'security_update':
    case 'tool_update':
      return toolUpdatePiece(db, message, siteUrl);
    case 'new_product':
      return newProductPiece(db, message, siteUrl);
    case 'sale':
      return orderPiece(db, message, siteUrl);
    case 'review_received':
      return reviewPiece(db, message, siteUrl);
    case 'affiliate_sale':
      return affiliateSalePiece(db, message, siteUrl);
    case 'community_reply':
    case 'community_mention':
    case 'community_answer_accepted':
      return payloadPiece(message.kind, message, siteUrl);
    default:
      return null;
  }
}

/** The email of one event. */
export function eventContent(piece: Piece): EmailContent {
  return {
    subject: piece.subject,
    preview: piece.card.text ?? piece.intro,
    heading: piece.subject,
    paragraphs: [piece.intro],
    sections: [{ title: piece.section, cards: [piece.card] }],
    action: { label: 'Open on toolmint', url: piece.card.url },
  };
}

// --- A creator's email to customers (docs/decisions/078) ---

/**
 * A creator's Markdown as an email shows it: the community's renderer and sanitizer
 * (functions/_shared/markdown.ts) with every image a link (an email of ours loads no image: no
 * tracking pixel), and site paths made absolute (an email has no site to be relative to).
 */
export function creatorEmailHtml(markdown: string, siteUrl: string): string {
  const origin = new URL(siteUrl).origin;
  return renderMarkdown(markdown, { isOwnImage: () => false }).replace(/(href|src)="\/(?!\/)/g, `$1="${origin}/`);
}

export interface CreatorEmailParts {
  audience: CustomerEmailAudience;
  subject: string;
  html: string;
  creatorName: string | null;
  creatorPath: string;
  productTitle: string | null;
}

/** The email of a creator's message, and why a recipient got it. */
export function creatorEmailContent(parts: CreatorEmailParts, siteUrl: string): { content: EmailContent; reason: string } {
  const creator = parts.creatorName?.trim() || 'A creator';
  const profile = abs(siteUrl, parts.creatorPath);
  const why =
    parts.audience === 'followers'
      ? `you follow ${creator} on toolmint`
      : parts.audience === 'product' && parts.productTitle
        ? `you bought ${parts.productTitle} from ${creator} on toolmint`
        : `you bought from ${creator} on toolmint`;
  return {
    content: {
      subject: parts.subject,
      preview: `${creator}: ${parts.subject}`,
      heading: parts.subject,
      paragraphs: [`${creator} wrote to you:`],
      html: parts.html,
      action: { label: `See ${creator} on toolmint`, url: profile },
    },
    reason: `You get this email because ${why}. ${creator} wrote it; toolmint sent it on their behalf.`,
  };
}

/** The content of a queued creator email (reference `creator_email:<id>`), or null when its send is gone. */
export async function creatorEmailPiece(
  db: Db,
  reference: string,
  siteUrl: string,
): Promise<{ content: EmailContent; reason: string; creatorName: string } | null> {
  const id = referenceId(reference, 'creator_email');
  if (!id || !UUID.test(id)) return null;
  const row = await findCreatorEmailForEmail(db, id);
  if (!row) return null;
  const piece = creatorEmailContent(
    {
      audience: row.audience,
      subject: row.subject,
      html: row.body_html,
      creatorName: row.full_name,
      creatorPath: profileUrl({ id: row.creator_id, handle: row.handle }),
      productTitle: row.product_title,
    },
    siteUrl,
  );
  // Its unsubscribe link stops this creator's emails only (docs/decisions/078): the footer names them.
  return { ...piece, creatorName: row.full_name?.trim() || 'this creator' };
}
