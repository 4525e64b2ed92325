/**
 * Pay what you want, isomorphic part (issue 31, docs/decisions/077): the amount a buyer names,
 * read and checked in integer cents, the rules a PWYW product follows, and the labels pages show.
 *
 * A PWYW product is a one-time product with `pay_what_you_want` on: its `price` is the minimum
 * (may be $0) and `suggested_price` the amount the product page and checkout offer first. The
 * amount is named in dollars ('12.50' or 12.5), as a buyer types it, and parsed here from the
 * decimal text (never through a float sum), so '0.29' is 29 cents.
 */
import './zod-browser';
import * as z from 'zod/mini';
import { formatCents, toCents } from './payments';

/** The most a buyer may name: $10,000 (a typo guard; no product here is worth more to anyone). */
export const PWYW_MAX_CENTS = 1_000_000;

export const NAMED_AMOUNT_MESSAGES = {
  notANumber: 'Enter an amount in dollars, like 12.50',
  negative: 'The amount cannot be negative',
  tooPrecise: 'Use at most two decimals (cents)',
  tooLarge: `The amount can be at most ${formatCents(PWYW_MAX_CENTS)}`,
} as const;

/** A named amount in cents, or why it is not one. The minimum is checked against the product on the server. */
export function parseNamedAmount(value: unknown): { cents: number } | { error: string } {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim().replace(/^\$/, '') : '';
  if (/^-\$?[\d.]/.test(text)) return { error: NAMED_AMOUNT_MESSAGES.negative };
  const match = /^(\d{1,12})(?:\.(\d*))?$/.exec(text) ?? /^()\.(\d+)$/.exec(text);
  if (!match) return { error: NAMED_AMOUNT_MESSAGES.notANumber };
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return { error: NAMED_AMOUNT_MESSAGES.tooPrecise };
  const cents = Number(match[1] || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (cents > PWYW_MAX_CENTS) return { error: NAMED_AMOUNT_MESSAGES.tooLarge };
  return { cents };
}

/** 'The minimum price is $5.00. Enter $5.00 or more.' */
function belowMinimumMessage(minCents: number): string {
  return `The minimum price is ${formatCents(minCents)}. Enter ${formatCents(minCents)} or more.`;
}

/** Whether a named amount may be charged for a product of this minimum: null, or the message. */
export function namedAmountRefusal(amountCents: number, minCents: number): string | null {
  return amountCents < minCents ? belowMinimumMessage(minCents) : null;
}

/**
 * The optional `amount` of POST /api/checkout, in dollars (text or a number), as cents. Required
 * for a PWYW product and refused for any other (the server decides, with the product row).
 */
export const checkoutAmountField = () =>
  z.optional(
    z.nullable(
      z.pipe(
        z.union([z.string(), z.number()], { error: NAMED_AMOUNT_MESSAGES.notANumber }).check(
          z.superRefine((v, ctx) => {
            const parsed = parseNamedAmount(v);
            if ('error' in parsed) ctx.issues.push({ code: 'custom', message: parsed.error, input: v });
          }),
        ),
        z.transform((v: string | number) => (parseNamedAmount(v) as { cents: number }).cents),
      ),
    ),
  );

export interface PwywSource {
  price: number | string | null;
  suggested_price?: number | string | null;
  suggestedPrice?: number | string | null;
}

/** The minimum and the suggested amount in cents (the suggestion never below the minimum). */
export function pwywTerms(p: PwywSource): { minCents: number; suggestedCents: number } {
  const minCents = toCents(p.price);
  return { minCents, suggestedCents: Math.max(minCents, toCents(p.suggested_price ?? p.suggestedPrice ?? null)) };
}

/** Why a product's pricing cannot be PWYW as saved (field errors), checked on the merged row. */
export function pwywFieldErrors(p: {
  pricing_model: string;
  price: number | string;
  pay_what_you_want: boolean;
  suggested_price: number | string | null;
}): Record<string, string> {
  if (!p.pay_what_you_want) return {};
  if (p.pricing_model !== 'one_time') return { pay_what_you_want: 'Pay what you want is for one-time purchases: choose the one-time pricing model' };
  if (p.suggested_price !== null && toCents(p.suggested_price) < toCents(p.price)) {
    return { suggested_price: 'The suggested price must be at least the minimum price' };
  }
  return {};
}
