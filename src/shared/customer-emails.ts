/**
 * A creator's emails to their customers (issue 31, docs/decisions/078): the audiences, the
 * limits, the API's shapes and the one piece of arithmetic (how many sends are left in the
 * rolling day). Isomorphic: the /sales/emails island and functions/customer-emails use it.
 *
 * - Audiences: the buyers of one product, the buyers of every product of the creator (a buyer
 *   is an account with a paid order that was not refunded), or the creator's followers.
 * - At most CUSTOMER_EMAIL_DAILY_LIMIT real sends per creator in any 24 hours (a test to
 *   oneself does not count); the server decides it in the transaction that records the send.
 */
import * as z from 'zod/mini';
import { CUSTOMER_EMAIL_AUDIENCES, type CustomerEmailAudience } from './domain/payments';
import { safeText } from './text';

/** Real sends per creator in any rolling 24 hours. */
export const CUSTOMER_EMAIL_DAILY_LIMIT = 3;
export const CUSTOMER_EMAIL_WINDOW_MS = 24 * 60 * 60 * 1000;
export const CUSTOMER_EMAIL_SUBJECT_MAX = 150;
const CUSTOMER_EMAIL_BODY_MAX = 20_000;
/** Recipients queued per run of the send's batch job; the job re-enqueues itself for the rest. */
export const CUSTOMER_EMAIL_BATCH = 100;

/**
 * How many sends are left now, and when the next one frees up (null: none is used, or one is
 * left), from the times of the creator's sends (any order; older ones are ignored).
 */
export function sendAllowance(sentAt: readonly (Date | string)[], now = new Date()): { remaining: number; nextAt: string | null } {
  const since = now.getTime() - CUSTOMER_EMAIL_WINDOW_MS;
  const inWindow = sentAt
    .map((d) => new Date(d).getTime())
    .filter((t) => t > since)
    .sort((a, b) => a - b);
  const remaining = Math.max(0, CUSTOMER_EMAIL_DAILY_LIMIT - inWindow.length);
  // The oldest send of the window frees its slot 24 hours after it was made.
  const nextAt = remaining === 0 ? new Date(inWindow[inWindow.length - CUSTOMER_EMAIL_DAILY_LIMIT]! + CUSTOMER_EMAIL_WINDOW_MS).toISOString() : null;
  return { remaining, nextAt };
}

/** 'Send to 1 recipient' / 'Send to 12 recipients'. */
export const recipientsLabel = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'recipient' : 'recipients'}`;

// --- The API's shapes ---

const subjectField = safeText({ error: 'Enter a subject' }).check(
  z.trim(),
  z.minLength(1, 'Enter a subject'),
  z.maxLength(CUSTOMER_EMAIL_SUBJECT_MAX, `At most ${CUSTOMER_EMAIL_SUBJECT_MAX} characters`),
);
const bodyField = safeText({ error: 'Write the email' }).check(
  z.trim(),
  z.minLength(1, 'Write the email'),
  z.maxLength(CUSTOMER_EMAIL_BODY_MAX, `At most ${CUSTOMER_EMAIL_BODY_MAX.toLocaleString('en-US')} characters`),
);

/** POST /api/studio/customer-emails/preview: the body's sanitized HTML, as the email shows it. */
export const CustomerEmailPreviewInputSchema = z.strictObject({ subject: z._default(subjectField, 'Preview'), body: bodyField });

/** POST /api/studio/customer-emails and …/test. `productId` is needed with (and only with) the audience 'product'. */
export const CustomerEmailInputSchema = z
  .strictObject({
    audience: z.enum(CUSTOMER_EMAIL_AUDIENCES, { error: 'Choose who gets it' }),
    productId: z._default(z.nullable(z.uuid({ error: 'Choose one of your products' })), null),
    subject: subjectField,
    body: bodyField,
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.audience === 'product' && !v.productId)
        ctx.issues.push({ code: 'custom', path: ['productId'], message: 'Choose one of your products', input: v.productId });
      if (v.audience !== 'product' && v.productId)
        ctx.issues.push({ code: 'custom', path: ['productId'], message: 'A product goes only with the audience of one product', input: v.productId });
    }),
  );
export type CustomerEmailInput = z.output<typeof CustomerEmailInputSchema>;

export const CustomerEmailViewSchema = z.object({
  id: z.string(),
  audience: z.enum(CUSTOMER_EMAIL_AUDIENCES),
  productId: z.nullable(z.string()),
  /** The product's title for the audience 'product'. */
  productTitle: z.nullable(z.string()),
  subject: z.string(),
  /** The recipients counted when it was sent. */
  recipients: z.number(),
  /** Emails written to the outbox (each recipient whose settings allow it). */
  sent: z.number(),
  /** Emails the mailer accepted (the outbox's status 'sent'). */
  delivered: z.number(),
  /** Recipients who turned these emails off through this email's unsubscribe link. */
  unsubscribed: z.number(),
  createdAt: z.string(),
});
export type CustomerEmailView = z.output<typeof CustomerEmailViewSchema>;

export const CustomerEmailAudienceCountSchema = z.object({
  audience: z.enum(CUSTOMER_EMAIL_AUDIENCES),
  productId: z.nullable(z.string()),
  label: z.string(),
  recipients: z.number(),
});
export type CustomerEmailAudienceCount = z.output<typeof CustomerEmailAudienceCountSchema>;

/** GET /api/studio/customer-emails: the sent emails, newest first, what is left today, and each audience's size. */
export const CustomerEmailListSchema = z.object({
  items: z.array(CustomerEmailViewSchema),
  nextCursor: z.nullable(z.string()),
  limit: z.number(),
  remaining: z.number(),
  nextAt: z.nullable(z.string()),
  audiences: z.array(CustomerEmailAudienceCountSchema),
  /** How many people stopped this creator's emails with the link in one of them; every audience leaves them out. */
  optedOut: z.number(),
});
export type CustomerEmailList = z.output<typeof CustomerEmailListSchema>;

export const CustomerEmailPreviewSchema = z.object({ subject: z.string(), html: z.string() });
export const CustomerEmailTestResultSchema = z.object({ to: z.string() });

/** The form on /sales/emails: the audience as one choice ('all_products', 'followers' or 'product:<id>'), the subject and the body. */
export const CustomerEmailFormSchema = z.object({
  target: z.string().check(z.minLength(1, 'Choose who gets it')),
  subject: subjectField,
  body: bodyField,
});
export type CustomerEmailFormValues = z.input<typeof CustomerEmailFormSchema>;

/** A form's choice of audience as the API's fields. */
export function audienceOfTarget(target: string): { audience: CustomerEmailAudience; productId: string | null } {
  if (target.startsWith('product:')) return { audience: 'product', productId: target.slice('product:'.length) };
  return { audience: target === 'followers' ? 'followers' : 'all_products', productId: null };
}

/** The form's choice of an audience. */
export const targetOf = (a: { audience: CustomerEmailAudience; productId: string | null }) =>
  a.audience === 'product' ? `product:${a.productId}` : a.audience;
