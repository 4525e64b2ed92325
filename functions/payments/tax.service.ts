/**
 * Tax at checkout and on completion (docs/decisions/050).
 * - quoteFor: the server's quote for a buyer (the local checkout shows it before paying and
 *   charges it); a VAT ID that is not well formed for the chosen country is a field error
 *   under `vatId`, never a 500.
 * - taxOfSession: what a completed Checkout Session says was charged, read the same way for
 *   Stripe's sessions (Stripe Tax computed it: total_details.amount_tax, the billing country,
 *   the collected tax ID) and the local provider's, which are written in Stripe's format from
 *   quoteFor. The order stores it in the transaction that marks it paid.
 */
import type Stripe from 'stripe';
import type { BuyerTax } from '@/src/shared/api/schemas/payments';
import { isEuMember, normalizeVatId, quoteTax, TAX_RATES, taxOnCents, vatIdProblem, type TaxQuote } from '@/src/shared/tax';
import { AppError } from '../_shared/errors';

export interface OrderTax {
  taxCents: number;
  rateBps: number;
  taxCountry: string | null;
  reverseCharge: boolean;
  buyerCountry: string | null;
  buyerCompany: string | null;
  buyerVatId: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
}

/** The buyer's details checked: the VAT ID normalized, or a VALIDATION_FAILED naming the field. */
function checkBuyer(buyer: BuyerTax): { country: string; company: string | null; vatId: string | null } {
  const vatId = buyer.vatId ? normalizeVatId(buyer.vatId) : null;
  if (vatId) {
    const problem = vatIdProblem(buyer.country, vatId);
    if (problem) throw new AppError('VALIDATION_FAILED', undefined, { vatId: problem });
  }
  return { country: buyer.country, company: buyer.company ?? null, vatId };
}

export function quoteFor(priceCents: number, buyer: BuyerTax, originCountry: string | null): TaxQuote {
  const checked = checkBuyer(buyer);
  return quoteTax(priceCents, { country: checked.country, vatId: checked.vatId }, originCountry);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The card behind a session's payment intent, when it is expanded (the local provider's; Stripe's after expandPayment). */
export function cardOfPaymentIntent(paymentIntent: unknown): { brand: string; last4: string } | null {
  if (!isRecord(paymentIntent)) return null;
  const method = paymentIntent['payment_method'];
  const card = isRecord(method) && isRecord(method['card']) ? method['card'] : null;
  const brand = text(card?.['brand']);
  const last4 = text(card?.['last4']);
  return brand && last4 && /^\d{4}$/.test(last4) ? { brand: brand.slice(0, 30), last4 } : null;
}

/**
 * The tax a completed session charged on `priceCents`. The rate is the table's when Stripe's
 * amount is the table's (the usual case); otherwise the effective rate, so the invoice states
 * what was charged. No tax with an EU VAT ID of an EU buyer: the reverse charge.
 */
export function taxOfSession(session: Stripe.Checkout.Session, priceCents: number, card: { brand: string; last4: string } | null): OrderTax {
  const details = session.customer_details;
  const country = text(details?.address?.country)?.toUpperCase() ?? null;
  const taxCents = Math.max(0, Math.trunc(session.total_details?.amount_tax ?? 0));
  const taxId = details?.tax_ids?.find((t) => t.type === 'eu_vat') ?? details?.tax_ids?.[0];
  const vatId = taxId?.value ? normalizeVatId(taxId.value) : null;
  const table = country ? TAX_RATES[country] : undefined;
  const rateBps =
    taxCents === 0
      ? 0
      : table && taxOnCents(priceCents, table.bps) === taxCents
        ? table.bps
        : priceCents > 0
          ? Math.min(10000, Math.round((taxCents * 10000) / priceCents))
          : 0;
  return {
    taxCents,
    rateBps,
    taxCountry: country,
    reverseCharge: taxCents === 0 && isEuMember(country) && Boolean(vatId),
    buyerCountry: country,
    buyerCompany: text(details?.business_name)?.slice(0, 200) ?? null,
    buyerVatId: vatId && /^[A-Z0-9+*]{4,20}$/.test(vatId) ? vatId : null,
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
  };
}
