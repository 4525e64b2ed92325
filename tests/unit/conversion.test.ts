import { describe, expect, it } from 'vitest';
import { CONVERSION_EXPLAINED, conversionRate, conversions, totalConversion } from '@/src/shared/conversion';
import { formatPercent } from '@/src/shared/studio-format';

describe('conversion (issue 27): what converted per unique visitor of the product page', () => {
  it('is paid orders for a paid product and downloaders for a free one', () => {
    expect(conversions({ isPaid: true, paidOrders: 1, downloaders: 3 })).toBe(1);
    expect(conversions({ isPaid: false, paidOrders: 0, downloaders: 3 })).toBe(3);
  });

  it('1 view and 1 sale is 100%, 2 visitors and 1 sale 50%, never 0% for a sale', () => {
    expect(conversionRate(1, 1)).toBe(1);
    expect(conversionRate(1, 2)).toBe(0.5);
    expect(formatPercent(1, 1)).toBe('100%');
    expect(formatPercent(1, 2)).toBe('50%');
    expect(formatPercent(1, 3)).toBe('33.3%');
  });

  it('has nothing to show without visitors', () => {
    expect(conversionRate(0, 0)).toBeNull();
    expect(conversionRate(2, 0)).toBeNull();
    expect(formatPercent(0, 0)).toBe('—');
  });

  it('adds products up as their conversions over their visitors', () => {
    const total = totalConversion([
      { isPaid: true, paidOrders: 1, downloaders: 1, visitors: 2 },
      { isPaid: false, paidOrders: 0, downloaders: 2, visitors: 8 },
      { isPaid: true, paidOrders: 0, downloaders: 0, visitors: 0 },
    ]);
    expect(total).toEqual({ converted: 3, visitors: 10, rate: 0.3 });
    expect(totalConversion([])).toEqual({ converted: 0, visitors: 0, rate: null });
  });

  it('says what it divides', () => {
    expect(CONVERSION_EXPLAINED).toBe('Paid orders (downloads of free products) per unique visitor of the product page');
  });
});
