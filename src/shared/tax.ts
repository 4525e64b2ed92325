/**
 * Tax on digital products (issue 27, docs/decisions/050): the rates table, the computation in
 * integer cents, the VAT ID format check of each EU member state and the reverse-charge rule.
 * Shared by the server (which alone computes what is charged) and the checkout island (the
 * country list and the field checks, so the form says what the server would).
 *
 * Rates are standard rates for electronically supplied services, in basis points
 * (1900 = 19%), as in force on 2026-11-28; a country not in the table is charged 0.
 * Tax is added on top of the product's price; it is rounded per line, half up, to the cent.
 */

export interface TaxRate {
  /** The country's name in English, for labels ('VAT 19% (Germany)'). */
  name: string;
  /** Basis points of the price (1900 = 19%). */
  bps: number;
  /** What the tax is called there. */
  tax: 'VAT' | 'GST';
  /** An EU member state: VAT IDs and the reverse charge apply. */
  eu: boolean;
}

/** ISO 3166-1 alpha-2 -> rate. Sources and date: docs/decisions/050. */
export const TAX_RATES: Readonly<Record<string, TaxRate>> = {
  AT: { name: 'Austria', bps: 2000, tax: 'VAT', eu: true },
  BE: { name: 'Belgium', bps: 2100, tax: 'VAT', eu: true },
  BG: { name: 'Bulgaria', bps: 2000, tax: 'VAT', eu: true },
  HR: { name: 'Croatia', bps: 2500, tax: 'VAT', eu: true },
  CY: { name: 'Cyprus', bps: 1900, tax: 'VAT', eu: true },
  CZ: { name: 'Czechia', bps: 2100, tax: 'VAT', eu: true },
  DK: { name: 'Denmark', bps: 2500, tax: 'VAT', eu: true },
  EE: { name: 'Estonia', bps: 2400, tax: 'VAT', eu: true },
  FI: { name: 'Finland', bps: 2550, tax: 'VAT', eu: true },
  FR: { name: 'France', bps: 2000, tax: 'VAT', eu: true },
  DE: { name: 'Germany', bps: 1900, tax: 'VAT', eu: true },
  GR: { name: 'Greece', bps: 2400, tax: 'VAT', eu: true },
  HU: { name: 'Hungary', bps: 2700, tax: 'VAT', eu: true },
  IE: { name: 'Ireland', bps: 2300, tax: 'VAT', eu: true },
  IT: { name: 'Italy', bps: 2200, tax: 'VAT', eu: true },
  LV: { name: 'Latvia', bps: 2100, tax: 'VAT', eu: true },
  LT: { name: 'Lithuania', bps: 2100, tax: 'VAT', eu: true },
  LU: { name: 'Luxembourg', bps: 1700, tax: 'VAT', eu: true },
  MT: { name: 'Malta', bps: 1800, tax: 'VAT', eu: true },
  NL: { name: 'Netherlands', bps: 2100, tax: 'VAT', eu: true },
  PL: { name: 'Poland', bps: 2300, tax: 'VAT', eu: true },
  PT: { name: 'Portugal', bps: 2300, tax: 'VAT', eu: true },
  RO: { name: 'Romania', bps: 2100, tax: 'VAT', eu: true },
  SK: { name: 'Slovakia', bps: 2300, tax: 'VAT', eu: true },
  SI: { name: 'Slovenia', bps: 2200, tax: 'VAT', eu: true },
  ES: { name: 'Spain', bps: 2100, tax: 'VAT', eu: true },
  SE: { name: 'Sweden', bps: 2500, tax: 'VAT', eu: true },
  GB: { name: 'United Kingdom', bps: 2000, tax: 'VAT', eu: false },
  NO: { name: 'Norway', bps: 2500, tax: 'VAT', eu: false },
  CH: { name: 'Switzerland', bps: 810, tax: 'VAT', eu: false },
  AU: { name: 'Australia', bps: 1000, tax: 'GST', eu: false },
  NZ: { name: 'New Zealand', bps: 1500, tax: 'GST', eu: false },
};

/**
 * Countries a buyer can pick that charge no tax here (0%): the choice must still be a real
 * country so the invoice and the tax report say where the buyer is.
 */
const OTHER_COUNTRIES: Readonly<Record<string, string>> = {
  US: 'United States',
  CA: 'Canada',
  MX: 'Mexico',
  BR: 'Brazil',
  AR: 'Argentina',
  CL: 'Chile',
  CO: 'Colombia',
  PE: 'Peru',
  IS: 'Iceland',
  LI: 'Liechtenstein',
  TR: 'Türkiye',
  UA: 'Ukraine',
  RS: 'Serbia',
  IL: 'Israel',
  AE: 'United Arab Emirates',
  SA: 'Saudi Arabia',
  EG: 'Egypt',
  ZA: 'South Africa',
  NG: 'Nigeria',
  KE: 'Kenya',
  MA: 'Morocco',
  IN: 'India',
  PK: 'Pakistan',
  BD: 'Bangladesh',
  CN: 'China',
  HK: 'Hong Kong',
  TW: 'Taiwan',
  JP: 'Japan',
  KR: 'South Korea',
  SG: 'Singapore',
  MY: 'Malaysia',
  TH: 'Thailand',
  VN: 'Vietnam',
  ID: 'Indonesia',
  PH: 'Philippines',
};

/** Every country a buyer can pick, sorted by name: [code, name]. */
export const COUNTRIES: readonly (readonly [string, string])[] = [
  ...Object.entries(TAX_RATES).map(([code, rate]) => [code, rate.name] as const),
  ...Object.entries(OTHER_COUNTRIES),
].sort((a, b) => a[1].localeCompare(b[1], 'en'));

const COUNTRY_NAMES = new Map(COUNTRIES);

export function isKnownCountry(code: string): boolean {
  return COUNTRY_NAMES.has(code);
}

export function countryName(code: string): string {
  return COUNTRY_NAMES.get(code) ?? code;
}

/** Whether a country is an EU member state (VAT IDs, reverse charge). */
export function isEuMember(code: string | null | undefined): boolean {
  return Boolean(code && TAX_RATES[code]?.eu);
}

/**
 * The shape of each member state's VAT ID after its two-letter prefix (the EU's VIES formats).
 * Greece's prefix is EL, not its ISO code GR. A well-formed ID is not proof the business
 * exists; see docs/decisions/050 for why the format is what is checked.
 */
const VAT_ID_FORMATS: Readonly<Record<string, { prefix: string; pattern: RegExp; example: string }>> = {
  AT: { prefix: 'AT', pattern: /^U\d{8}$/, example: 'ATU12345678' },
  BE: { prefix: 'BE', pattern: /^[01]\d{9}$/, example: 'BE0123456789' },
  BG: { prefix: 'BG', pattern: /^\d{9,10}$/, example: 'BG123456789' },
  HR: { prefix: 'HR', pattern: /^\d{11}$/, example: 'HR12345678901' },
  CY: { prefix: 'CY', pattern: /^\d{8}[A-Z]$/, example: 'CY12345678X' },
  CZ: { prefix: 'CZ', pattern: /^\d{8,10}$/, example: 'CZ12345678' },
  DK: { prefix: 'DK', pattern: /^\d{8}$/, example: 'DK12345678' },
  EE: { prefix: 'EE', pattern: /^\d{9}$/, example: 'EE123456789' },
  FI: { prefix: 'FI', pattern: /^\d{8}$/, example: 'FI12345678' },
  FR: { prefix: 'FR', pattern: /^[A-HJ-NP-Z0-9]{2}\d{9}$/, example: 'FR12345678901' },
  DE: { prefix: 'DE', pattern: /^\d{9}$/, example: 'DE123456789' },
  GR: { prefix: 'EL', pattern: /^\d{9}$/, example: 'EL123456789' },
  HU: { prefix: 'HU', pattern: /^\d{8}$/, example: 'HU12345678' },
  IE: { prefix: 'IE', pattern: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/, example: 'IE1234567WA' },
  IT: { prefix: 'IT', pattern: /^\d{11}$/, example: 'IT12345678901' },
  LV: { prefix: 'LV', pattern: /^\d{11}$/, example: 'LV12345678901' },
  LT: { prefix: 'LT', pattern: /^(\d{9}|\d{12})$/, example: 'LT123456789' },
  LU: { prefix: 'LU', pattern: /^\d{8}$/, example: 'LU12345678' },
  MT: { prefix: 'MT', pattern: /^\d{8}$/, example: 'MT12345678' },
  NL: { prefix: 'NL', pattern: /^\d{9}B\d{2}$/, example: 'NL123456789B01' },
  PL: { prefix: 'PL', pattern: /^\d{10}$/, example: 'PL1234567890' },
  PT: { prefix: 'PT', pattern: /^\d{9}$/, example: 'PT123456789' },
  RO: { prefix: 'RO', pattern: /^[1-9]\d{1,9}$/, example: 'RO1234567890' },
  SK: { prefix: 'SK', pattern: /^\d{10}$/, example: 'SK1234567890' },
  SI: { prefix: 'SI', pattern: /^\d{8}$/, example: 'SI12345678' },
  ES: { prefix: 'ES', pattern: /^[A-Z0-9]\d{7}[A-Z0-9]$/, example: 'ESX1234567X' },
  SE: { prefix: 'SE', pattern: /^\d{10}01$/, example: 'SE123456789001' },
};

/** A VAT ID as written on invoices: upper case, no spaces, dots or dashes. */
export function normalizeVatId(text: string): string {
  return text.replace(/[\s.-]/g, '').toUpperCase();
}

/**
 * Checks a VAT ID against the buyer's country: null when it is well formed, otherwise the
 * message the checkout shows under the field.
 */
export function vatIdProblem(country: string, vatId: string): string | null {
  const format = VAT_ID_FORMATS[country];
  if (!format) return `VAT IDs are only taken for EU businesses; ${countryName(country)} is not in the EU.`;
  const id = normalizeVatId(vatId);
  if (!id.startsWith(format.prefix)) return `A VAT ID from ${countryName(country)} starts with ${format.prefix} (for example ${format.example}).`;
  if (!format.pattern.test(id.slice(format.prefix.length))) return `This is not a valid VAT ID for ${countryName(country)} (for example ${format.example}).`;
  return null;
}

/** price x rate, rounded half up to the cent (integers only: no floating point). */
export function taxOnCents(priceCents: number, bps: number): number {
  if (!Number.isSafeInteger(priceCents) || priceCents < 0) throw new RangeError(`price must be non-negative integer cents, got ${priceCents}`);
  if (!Number.isInteger(bps) || bps < 0 || bps > 10000) throw new RangeError(`rate must be 0..10000 basis points, got ${bps}`);
  return Math.floor((priceCents * bps + 5000) / 10000);
}

/** '19%', '25.5%', '8.1%' */
export function formatRate(bps: number): string {
  return `${(bps / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

export interface TaxQuote {
  priceCents: number;
  taxCents: number;
  totalCents: number;
  /** The rate charged, in basis points (0 under the reverse charge or outside the table). */
  rateBps: number;
  /** Where the tax is due: the buyer's country. */
  country: string;
  /** The EU reverse charge: the business buyer accounts for the VAT itself. */
  reverseCharge: boolean;
  /** 'VAT 19% (Germany)', 'VAT reverse charge (Germany)', or null when there is no tax line. */
  label: string | null;
}

export interface TaxBuyer {
  /** ISO 3166-1 alpha-2, one of COUNTRIES. */
  country: string;
  /** A business buyer's VAT ID, already checked with vatIdProblem. */
  vatId?: string | null;
}

/**
 * The tax on one line for a buyer. `originCountry`: where the platform is established for VAT
 * (TAX_ORIGIN_COUNTRY); null means outside the EU. An EU business with a VAT ID of its own
 * member state is reverse charged unless it is in the platform's own member state, where the
 * sale is domestic and VAT is charged (docs/decisions/050).
 */
export function quoteTax(priceCents: number, buyer: TaxBuyer, originCountry: string | null): TaxQuote {
  const rate = TAX_RATES[buyer.country];
  const reverseCharge = Boolean(rate?.eu && buyer.vatId && buyer.country !== originCountry);
  const rateBps = rate && !reverseCharge ? rate.bps : 0;
  const taxCents = taxOnCents(priceCents, rateBps);
  const label = !rate ? null : reverseCharge ? `${rate.tax} reverse charge (${rate.name})` : `${rate.tax} ${formatRate(rate.bps)} (${rate.name})`;
  return { priceCents, taxCents, totalCents: priceCents + taxCents, rateBps, country: buyer.country, reverseCharge, label };
}

/** The sentence an invoice under the reverse charge must carry (Article 196, Directive 2006/112/EC). */
export const REVERSE_CHARGE_NOTE = 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).';
