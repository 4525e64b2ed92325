/**
 * Bundles' pure rules (src/shared/bundles.ts, docs/decisions/080): a partial owner's price (the
 * bundle's price less what they paid for the items they own, never below $0; owning all of them),
 * which products a bundle may hold, the saving a bundle must make, the saving and credit lines,
 * and the input schema.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  BundleInputSchema,
  bundleCreditText,
  bundleItemRefusal,
  bundlePriceFor,
  bundlePriceRefusal,
  bundleSavingText,
  dollarsToCents,
  type BundleItemCandidate,
} from '@/src/shared/bundles';

const notOwned = { owned: false, paidCents: 0 };
const paid = (paidCents: number) => ({ owned: true, paidCents });

describe('bundlePriceFor: the price for a partial owner', () => {
  it('charges the bundle price to a buyer who owns none of the items', () => {
    expect(bundlePriceFor(4900, [notOwned, notOwned, notOwned])).toEqual({ amountCents: 4900, creditCents: 0, ownedCount: 0, itemCount: 3, ownsAll: false });
  });

  it('takes off what the buyer paid for the items they own: $49 less the $19 paid is $30', () => {
    expect(bundlePriceFor(4900, [paid(1900), notOwned, notOwned])).toEqual({
      amountCents: 3000,
      creditCents: 1900,
      ownedCount: 1,
      itemCount: 3,
      ownsAll: false,
    });
  });

  it('counts what was paid, not the price today: a discounted $15.20 order credits $15.20', () => {
    expect(bundlePriceFor(4900, [paid(1520), notOwned]).amountCents).toBe(3380);
  });

  it('never goes below $0: what was paid beyond the price is not given back', () => {
    expect(bundlePriceFor(3000, [paid(2900), paid(2900), notOwned])).toEqual({
      amountCents: 0,
      creditCents: 3000,
      ownedCount: 2,
      itemCount: 3,
      ownsAll: false,
    });
  });

  it('an item owned without an order of it (another bundle) counts as owned with nothing taken off', () => {
    expect(bundlePriceFor(4900, [paid(0), notOwned])).toMatchObject({ amountCents: 4900, creditCents: 0, ownedCount: 1 });
  });

  it('says when the buyer owns every item', () => {
    expect(bundlePriceFor(4900, [paid(1900), paid(0)]).ownsAll).toBe(true);
    expect(bundlePriceFor(4900, []).ownsAll).toBe(false);
  });

  it('writes the checkout line', () => {
    expect(bundleCreditText(1, 3, 1900)).toBe('You own 1 of 3: −$19.00');
  });
});

describe('what a bundle may hold', () => {
  const item = (over: Partial<BundleItemCandidate> = {}): BundleItemCandidate => ({
    title: 'Swipe file',
    creatorId: 'me',
    status: 'published',
    pricingModel: 'one_time',
    payWhatYouWant: false,
    priceCents: 1900,
    isBundle: false,
    ...over,
  });

  it('takes the creator’s own published one-time product with a price', () => {
    expect(bundleItemRefusal(item(), 'me')).toBeNull();
  });

  it('refuses another creator’s product, a bundle, an unpublished product, a subscription, PWYW and a free product', () => {
    expect(bundleItemRefusal(item({ creatorId: 'other' }), 'me')).toBe('A bundle can only hold your own products');
    expect(bundleItemRefusal(item({ isBundle: true }), 'me')).toBe("'Swipe file' is a bundle itself: bundles cannot hold bundles");
    expect(bundleItemRefusal(item({ status: 'draft' }), 'me')).toBe("'Swipe file' is not published: publish it first");
    const notFixed = "'Swipe file' is not sold at a fixed one-time price: a bundle holds only one-time products with a price";
    expect(bundleItemRefusal(item({ pricingModel: 'subscription' }), 'me')).toBe(notFixed);
    expect(bundleItemRefusal(item({ payWhatYouWant: true }), 'me')).toBe(notFixed);
    expect(bundleItemRefusal(item({ priceCents: 0 }), 'me')).toBe(notFixed);
  });

  it('needs at least 2 products and a price below their sum', () => {
    expect(bundlePriceRefusal(1000, [1900])).toBe('Choose at least 2 products');
    expect(bundlePriceRefusal(6700, [1900, 2900, 1900])).toBe(
      "The bundle's price must be below the $67.00 its products cost on their own, or it saves the buyer nothing",
    );
    expect(bundlePriceRefusal(6699, [1900, 2900, 1900])).toBeNull();
  });

  it('writes the saving: 3 products for $49.00 (save $18.00)', () => {
    expect(bundleSavingText(4900, [1900, 2900, 1900])).toBe('3 products for $49.00 (save $18.00)');
  });
});

describe('the input', () => {
  it('accepts a title, a price in cents and 2 to 20 distinct product ids', () => {
    const ids = ['2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d', '3b4c5d6e-7f8a-4b9c-8d1e-2f3a4b5c6d7e'];
    expect(z.safeParse(BundleInputSchema, { title: 'Starter pack', priceCents: 4900, productIds: ids }).success).toBe(true);
    expect(z.safeParse(BundleInputSchema, { title: 'Starter pack', priceCents: 4900, productIds: [ids[0], ids[0]] }).success).toBe(false);
    expect(z.safeParse(BundleInputSchema, { title: 'Starter pack', priceCents: 0, productIds: ids }).success).toBe(false);
    expect(z.safeParse(BundleInputSchema, { title: 'Starter pack', priceCents: 49.5, productIds: ids }).success).toBe(false);
  });

  it('reads the form’s dollars as cents', () => {
    expect(dollarsToCents('49')).toBe(4900);
    expect(dollarsToCents('49.5')).toBe(4950);
    expect(dollarsToCents('0.29')).toBe(29);
  });
});
