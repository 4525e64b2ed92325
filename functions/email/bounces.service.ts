/**
 * Resend's delivery events (issue 18, docs/decisions/041): POST /api/email/webhook. Resend signs
 * each event Svix-style (svix-id, svix-timestamp, svix-signature over the raw body, with the
 * endpoint's whsec_ secret, RESEND_WEBHOOK_SECRET); the `svix` library checks the signature and
 * the timestamp's freshness before anything is read. A hard bounce ('email.bounced' that is not
 * Transient) or a complaint ('email.complained') suppresses the address: nothing more is sent to
 * it (checked at send time) and /settings/notifications says so. Other events are accepted and
 * ignored. A second delivery of the same event changes nothing (one row per address).
 */
import { Webhook } from 'svix';
import type { Db } from '@/db/database';
import { getEnv } from '@/env';
import { AppError } from '../_shared/errors';
import type { EmailSuppressionReason } from '@/src/shared/email-preferences';
import { insertSuppressions } from './preferences.repository';

export interface WebhookHeaders {
  id: string | null;
  timestamp: string | null;
  signature: string | null;
}

interface ResendEvent {
  type?: unknown;
  data?: { to?: unknown; bounce?: { type?: unknown; subType?: unknown; message?: unknown } };
}

export interface WebhookOutcome {
  received: true;
  suppressed: number;
}

export async function handleResendWebhook(
  db: Db,
  raw: string,
  headers: WebhookHeaders,
  secret: string | undefined = getEnv().RESEND_WEBHOOK_SECRET,
): Promise<WebhookOutcome> {
  if (!secret || !headers.id || !headers.timestamp || !headers.signature) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  try {
    new Webhook(secret).verify(raw, { 'svix-id': headers.id, 'svix-timestamp': headers.timestamp, 'svix-signature': headers.signature });
  } catch {
    throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  }
  let event: ResendEvent;
  try {
    event = JSON.parse(raw) as ResendEvent;
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The event is not JSON');
  }
  let reason: EmailSuppressionReason | null = null;
  if (event.type === 'email.complained') reason = 'complaint';
  if (event.type === 'email.bounced' && String(event.data?.bounce?.type ?? 'Permanent').toLowerCase() !== 'transient') reason = 'bounce';
  if (!reason) return { received: true, suppressed: 0 };
  const to = Array.isArray(event.data?.to) ? event.data.to : [event.data?.to];
  const addresses = to.filter((a): a is string => typeof a === 'string' && /^[^\s@]+@[^\s@]+$/.test(a.trim())).map((a) => a.trim().toLowerCase());
  if (!addresses.length) return { received: true, suppressed: 0 };
  const detail =
    [event.data?.bounce?.type, event.data?.bounce?.subType, event.data?.bounce?.message]
      .filter((v) => typeof v === 'string')
      .join(' · ')
      .slice(0, 500) || null;
  const rows = await insertSuppressions(
    db,
    addresses.map((email) => ({ email, reason: reason!, detail })),
  );
  return { received: true, suppressed: rows.length };
}
