/**
 * How receipts and invoices word a sale (docs/decisions/050): the seller line, the card, and
 * the tax line of an order or invoice as it was charged.
 */
import { countryName, formatRate, TAX_RATES } from './tax';

/** Checkout, the receipt and the invoice: the creator sells, toolmint is the marketplace (the Terms). */
export function soldByText(seller: string): string {
  return `Sold by ${seller} through toolmint`;
}

/** 'Visa ending in 4242' */
export function cardText(brand: string, last4: string): string {
  const name = {
    amex: 'American Express',
    mastercard: 'Mastercard',
    visa: 'Visa',
    discover: 'Discover',
    diners: 'Diners Club',
    jcb: 'JCB',
    unionpay: 'UnionPay',
  }[brand.toLowerCase()];
  return `${name ?? brand} ending in ${last4}`;
}

export interface ChargedTax {
  tax_cents: number;
  tax_rate_bps: number;
  tax_country: string | null;
  /** orders.tax_reverse_charge / invoices.reverse_charge */
  reverse_charge: boolean;
}

/** 'VAT 19% (Germany)', 'VAT reverse charge (Germany)', or null when no tax line applies. */
export function taxLineLabel(tax: ChargedTax): string | null {
  if (!tax.tax_country) return null;
  const kind = TAX_RATES[tax.tax_country]?.tax ?? 'Tax';
  const place = countryName(tax.tax_country);
  if (tax.reverse_charge) return `${kind} reverse charge (${place})`;
  if (!tax.tax_cents) return null;
  return `${kind} ${formatRate(tax.tax_rate_bps)} (${place})`;
}
