/**
 * The tax share Stripe Connect sends a creator with a subscription invoice (docs/decisions/050):
 * the application fee is a percent of the total with tax, so the transfer exceeds the creator's
 * net on the price by the tax less the fee's share of it; that excess is reversed.
 */
import { describe, expect, it } from 'vitest';
import { applicationFeeBps, feeCents, subscriptionTaxExcessCents } from '@/src/shared/payments';

describe('applicationFeeBps', () => {
  it('is the fee over the price in basis points, as sent to Stripe with two decimals of a percent', () => {
    expect(applicationFeeBps(1000, 150)).toBe(1500);
    expect(applicationFeeBps(999, feeCents(999, 1500))).toBe(1502);
    expect(applicationFeeBps(0, 0)).toBe(0);
  });
});

describe('subscriptionTaxExcessCents', () => {
  it('with the fee Stripe took: what was transferred less the net on the price', () => {
    // $10.00 + 19% VAT: Stripe keeps 15% of $11.90 = $1.79 and transfers $10.11; the net is $8.50.
    expect(subscriptionTaxExcessCents({ amountPaidCents: 1190, taxCents: 190, applicationFeeCents: 179 }, 1500)).toBe(161);
    expect(subscriptionTaxExcessCents({ amountPaidCents: 1190, taxCents: 190, applicationFeeCents: 180 }, 1500)).toBe(160);
  });

  it('without the fee in the event: the percent sent, applied to the total and rounded half up', () => {
    expect(subscriptionTaxExcessCents({ amountPaidCents: 1190, taxCents: 190 }, 1500)).toBe(161);
    // $9.99: the fee $1.50 is sent as 15.02%, which is $1.79 of $11.89; $10.10 transferred, $8.49 net.
    expect(subscriptionTaxExcessCents({ amountPaidCents: 1189, taxCents: 190, applicationFeeCents: null }, 1500)).toBe(161);
    // A 10% platform fee on $49.00 with 25.5% VAT ($12.50): 10% of $61.50 is $6.15; $55.35 - $44.10.
    expect(subscriptionTaxExcessCents({ amountPaidCents: 6150, taxCents: 1250 }, 1000)).toBe(1125);
  });

  it('is 0 with no tax (untaxed, reverse charge), no price, or amounts that are not whole cents', () => {
    expect(subscriptionTaxExcessCents({ amountPaidCents: 1000, taxCents: 0, applicationFeeCents: 150 }, 1500)).toBe(0);
    expect(subscriptionTaxExcessCents({ amountPaidCents: 1000, taxCents: 0 }, 1500)).toBe(0);
    expect(subscriptionTaxExcessCents({ amountPaidCents: 190, taxCents: 190 }, 1500)).toBe(0);
    expect(subscriptionTaxExcessCents({ amountPaidCents: 0, taxCents: 0 }, 1500)).toBe(0);
    expect(subscriptionTaxExcessCents({ amountPaidCents: 1190.5, taxCents: 190 }, 1500)).toBe(0);
  });

  it('is never negative when Stripe took more than the fee and the tax together', () => {
    expect(subscriptionTaxExcessCents({ amountPaidCents: 1190, taxCents: 190, applicationFeeCents: 400 }, 1500)).toBe(0);
  });
});
