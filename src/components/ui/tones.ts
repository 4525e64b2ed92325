/**
 * Which tone (src/styles/patterns.css tone-*) a status is drawn in, for every status pill of
 * the studio, the creator pages, the library and the quality score: published, paid and good
 * are green, draft and pending grey-violet, archived, processing and medium amber, refunded,
 * cancelled and poor red; anything else muted. One map, so a status looks the same everywhere.
 */
export type Tone = 'good' | 'warn' | 'bad' | 'neutral' | 'muted' | 'accent';

const STATUS_TONES: Readonly<Record<string, Tone>> = {
  published: 'good',
  paid: 'good',
  completed: 'good',
  good: 'good',
  draft: 'neutral',
  pending: 'neutral',
  requested: 'neutral',
  held: 'neutral',
  archived: 'warn',
  in_review: 'warn',
  processing: 'warn',
  medium: 'warn',
  refunded: 'bad',
  cancelled: 'bad',
  failed: 'bad',
  rejected: 'bad',
  poor: 'bad',
};

/** 'tone-good' for 'published'; 'tone-muted' for a status without a colour of its own. */
export function statusTone(status: string): `tone-${Tone}` {
  return `tone-${STATUS_TONES[status] ?? 'muted'}`;
}
