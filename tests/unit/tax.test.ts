/**
 * Tax (src/shared/tax.ts, docs/decisions/050): rates per country, integer cents rounded half up
 * per line, VAT ID formats and the reverse-charge rule.
 */
import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryName, formatRate, isEuMember, normalizeVatId, quoteTax, taxOnCents, TAX_RATES, vatIdProblem } from '@/src/shared/tax';

describe('taxOnCents', () => {
  it.each([
    [7900, 1900, 1501], // 15.01 exactly
    [1000, 1900, 190],
    [5, 1000, 1], // 0.5 -> 1 (half up)
    [4, 1000, 0], // 0.4 -> 0
    [25, 2000, 5],
    [1999, 2100, 420], // 419.79 -> 420
    [1050, 810, 85], // 85.05 -> 85
    [1850, 810, 150], // 149.85 -> 150
    [9999, 2550, 2550], // 2549.745 -> 2550
    [0, 1900, 0],
    [100000001, 2700, 27000000], // 27000000.27
  ])('%i cents at %i bps is %i cents', (price, bps, tax) => {
    expect(taxOnCents(price, bps)).toBe(tax);
  });

  it('rounds exactly half a cent up', () => {
    // 250 x 2% = 5.0; 25 x 2% = 0.5 -> 1; 75 x 2% = 1.5 -> 2
    expect(taxOnCents(25, 200)).toBe(1);
    expect(taxOnCents(75, 200)).toBe(2);
  });

  it('refuses fractions of a cent and impossible rates', () => {
    expect(() => taxOnCents(10.5, 1900)).toThrow(RangeError);
    expect(() => taxOnCents(-1, 1900)).toThrow(RangeError);
    expect(() => taxOnCents(100, 10001)).toThrow(RangeError);
  });
});

describe('the rates table', () => {
  it('has the 27 member states, the UK, Norway, Switzerland, Australia and New Zealand', () => {
    expect(Object.values(TAX_RATES).filter((r) => r.eu)).toHaveLength(27);
    for (const code of ['GB', 'NO', 'CH', 'AU', 'NZ']) expect(TAX_RATES[code]?.eu).toBe(false);
    expect(isEuMember('DE')).toBe(true);
    expect(isEuMember('GB')).toBe(false);
    expect(isEuMember(null)).toBe(false);
  });

  it.each([
    ['DE', 'VAT 19% (Germany)', 1501],
    ['FR', 'VAT 20% (France)', 1580],
    ['HU', 'VAT 27% (Hungary)', 2133],
    ['FI', 'VAT 25.5% (Finland)', 2015], // 2014.5 -> 2015
    ['LU', 'VAT 17% (Luxembourg)', 1343],
    ['GB', 'VAT 20% (United Kingdom)', 1580],
    ['NO', 'VAT 25% (Norway)', 1975],
    ['CH', 'VAT 8.1% (Switzerland)', 640], // 639.9 -> 640
    ['AU', 'GST 10% (Australia)', 790],
    ['NZ', 'GST 15% (New Zealand)', 1185],
  ])('a consumer in %s pays %s on $79.00', (country, label, tax) => {
    const quote = quoteTax(7900, { country }, null);
    expect(quote).toMatchObject({ priceCents: 7900, taxCents: tax, totalCents: 7900 + tax, label, reverseCharge: false, country });
  });

  it('charges nothing, with no tax line, in a country outside the table', () => {
    expect(quoteTax(7900, { country: 'US' }, null)).toEqual({
      priceCents: 7900,
      taxCents: 0,
      totalCents: 7900,
      rateBps: 0,
      country: 'US',
      reverseCharge: false,
      label: null,
    });
  });

  it('lists every country once, sorted by name', () => {
    const codes = COUNTRIES.map(([c]) => c);
    expect(new Set(codes).size).toBe(codes.length);
    const names = COUNTRIES.map(([, n]) => n);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
    expect(countryName('DE')).toBe('Germany');
    expect(formatRate(810)).toBe('8.1%');
    expect(formatRate(2000)).toBe('20%');
  });
});

describe('VAT IDs', () => {
  it.each([
    ['DE', 'DE123456789'],
    ['DE', 'de 123.456.789'],
    ['AT', 'ATU12345678'],
    ['GR', 'EL123456789'],
    ['NL', 'NL123456789B01'],
    ['FR', 'FRXX123456789'],
    ['IE', 'IE1234567WA'],
    ['ES', 'ESX1234567X'],
    ['SE', 'SE123456789001'],
  ])('%s %s is well formed', (country, id) => {
    expect(vatIdProblem(country, id)).toBeNull();
  });

  it.each([
    ['DE', 'DE12345678', 'This is not a valid VAT ID for Germany (for example DE123456789).'],
    ['DE', 'FR12345678901', 'A VAT ID from Germany starts with DE (for example DE123456789).'],
    ['GR', 'GR123456789', 'A VAT ID from Greece starts with EL (for example EL123456789).'],
    ['AT', 'AT12345678', 'This is not a valid VAT ID for Austria (for example ATU12345678).'],
    ['GB', 'GB123456789', 'VAT IDs are only taken for EU businesses; United Kingdom is not in the EU.'],
  ])('%s %s: %s', (country, id, message) => {
    expect(vatIdProblem(country, id)).toBe(message);
  });

  it('normalizes spaces, dots, dashes and case', () => {
    expect(normalizeVatId(' nl-123.456.789 b01 ')).toBe('NL123456789B01');
  });
});

describe('the reverse charge', () => {
  it('applies to an EU business with a VAT ID when the platform is outside the EU', () => {
    const quote = quoteTax(7900, { country: 'DE', vatId: 'DE123456789' }, null);
    expect(quote).toMatchObject({ taxCents: 0, totalCents: 7900, rateBps: 0, reverseCharge: true, label: 'VAT reverse charge (Germany)' });
  });

  it('applies to a business of another member state than the platform’s', () => {
    expect(quoteTax(7900, { country: 'DE', vatId: 'DE123456789' }, 'IE').reverseCharge).toBe(true);
  });

  it('does not apply in the platform’s own member state: VAT is charged', () => {
    const quote = quoteTax(7900, { country: 'IE', vatId: 'IE1234567WA' }, 'IE');
    expect(quote).toMatchObject({ reverseCharge: false, rateBps: 2300, taxCents: 1817, label: 'VAT 23% (Ireland)' });
  });

  it('does not apply without a VAT ID, nor outside the EU', () => {
    expect(quoteTax(7900, { country: 'DE', vatId: null }, null).reverseCharge).toBe(false);
    expect(quoteTax(7900, { country: 'GB', vatId: 'GB123456789' }, null)).toMatchObject({ reverseCharge: false, taxCents: 1580 });
  });
});
