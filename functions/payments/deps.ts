/**
 * What the payment services need from outside: the provider, the mailer, the platform fee and
 * the site's origin. Routes use defaultPaymentsDeps(); tests pass their own provider and
 * mailer (the outbox by default).
 */
import { getEnv } from '../_shared/env';
import { getMailer, type Mailer } from '../_shared/mailer';
import { getPaymentProvider, type PaymentProvider } from './provider';

export interface PaymentsDeps {
  provider: PaymentProvider;
  mailer: Mailer;
  feeBps: number;
  siteUrl: string;
}

export function defaultPaymentsDeps(): PaymentsDeps {
  const env = getEnv();
  return { provider: getPaymentProvider(), mailer: getMailer(), feeBps: env.PLATFORM_FEE_BPS, siteUrl: env.SITE_URL };
}
