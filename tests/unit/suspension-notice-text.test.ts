/**
 * What a suspension notice says in /tool-updates (docs/decisions/042), and the end date as every
 * suspension message says it (the refusals, the dashboard, the notice, the email): UTC, in words.
 */
import { describe, expect, it } from 'vitest';
import { suspensionEnd, suspensionNoticeText } from '@/src/shared/notifications';

describe('suspension notices', () => {
  it('says the end date in UTC, day month year and time', () => {
    expect(suspensionEnd('2026-12-05T14:00:00.000Z')).toBe('5 December 2026, 14:00 UTC');
    expect(suspensionEnd('2026-12-31T23:59:00.000Z')).toBe('31 December 2026, 23:59 UTC');
  });

  it('says until when for a suspension, and that it is over for a lifting', () => {
    expect(suspensionNoticeText({ lifted: false, until: '2026-12-05T14:00:00.000Z' })).toBe('Your account is suspended until 5 December 2026, 14:00 UTC');
    expect(suspensionNoticeText({ lifted: true, until: null })).toBe('Your account is no longer suspended');
  });
});
