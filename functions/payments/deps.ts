/**
 * What the payment services need from outside: the provider, the platform fee, the site's
 * origin and the payout hold. Routes use defaultPaymentsDeps(); tests pass their own provider.
 * (Emails go through the outbox, functions/email/outbox.ts, and its job's mailer.)
 */
import { getEnv } from '@/env';
import { getPaymentProvider, type PaymentProvider } from './provider';

export interface PaymentsDeps {
  provider: PaymentProvider;
  feeBps: number;
  siteUrl: string;
  /** Days a sale is held before it can be paid out; PAYOUT_HOLD_DAYS when unset (docs/decisions/048). */
  payoutHoldDays?: number;
  /** The EU member state the platform is established in for VAT; null/unset: outside the EU (TAX_ORIGIN_COUNTRY, docs/decisions/050). */
  taxOriginCountry?: string | null;
}

export function defaultPaymentsDeps(): PaymentsDeps {
  const env = getEnv();
  return {
    provider: getPaymentProvider(),
    feeBps: env.PLATFORM_FEE_BPS,
    siteUrl: env.SITE_URL,
    payoutHoldDays: env.PAYOUT_HOLD_DAYS,
    taxOriginCountry: env.TAX_ORIGIN_COUNTRY ?? null,
  };
}
