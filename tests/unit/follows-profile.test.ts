/**
 * Pure rules of issue 7, on the API's schemas since issue 14: the tool update form, keyset
 * cursors, the profile edit form, specialties shown before '+N more', reviews, the Atom feed's
 * escaping, and the unread count store (loads only for a signed-in user; keeps its value when
 * a load fails).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as z from 'zod/mini';
import { UPDATE_TYPE_TONES } from '@/src/shared/tool-updates';
import { ToolUpdateInputSchema } from '@/src/shared/api/schemas/updates';
import { profileFormSchema, ReviewInputSchema } from '@/src/shared/api/schemas/profile';
import { checkWebUrl, initialsOf, joinedLabel, socialLabel, visibleSpecialties } from '@/src/shared/profile';
import { decodeCursor, encodeCursor } from '@/functions/_shared/cursor';
import { TimeKeysetSchema } from '@/functions/_shared/keyset.repository';
import { zodFields } from '@/functions/_shared/http';
import { buildAtomFeed, xmlEscape } from '@/functions/tool-updates/feed';
import { $session, SIGNED_OUT } from '@/src/stores/session';
import { $unreadCount, refreshUnreadCount, setUnreadCount } from '@/src/stores/notifications';

/** A schema's answer as the API gives it: the clean value, or the first message of each field. */
function check(schema: z.ZodMiniType, value: unknown) {
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, fields: zodFields(parsed.error) };
}

describe('tool update form', () => {
  it('trims, accepts a missing version and gives the clean input', () => {
    expect(
      check(ToolUpdateInputSchema, {
        title: '  Queue mode GA  ',
        content: ' Workers pick up executions from Redis now. ',
        updateType: 'feature',
        version: '  ',
      }),
    ).toEqual({
      ok: true,
      value: { title: 'Queue mode GA', content: 'Workers pick up executions from Redis now.', updateType: 'feature', version: null },
    });
  });

  it('names every invalid field', () => {
    expect(check(ToolUpdateInputSchema, { title: 'Hey', content: 'too short', updateType: 'rumour', version: 'x'.repeat(41) })).toEqual({
      ok: false,
      fields: {
        title: 'Title must be at least 5 characters',
        content: 'Content must be at least 20 characters',
        updateType: 'Choose feature, announcement, bug fix, security or other',
        version: 'Version must be at most 40 characters',
      },
    });
    expect(check(ToolUpdateInputSchema, {})).toMatchObject({ ok: false, fields: { title: 'Title is required', content: 'Content is required' } });
    expect(check(ToolUpdateInputSchema, { title: 'Queue mode GA', content: 'Workers pick up executions.', updateType: 'feature', pinned: true })).toMatchObject(
      {
        ok: false,
        fields: { _: 'Unknown field: pinned' },
      },
    );
  });

  it('colours the types as the spec says', () => {
    expect(UPDATE_TYPE_TONES).toEqual({ feature: 'green', announcement: 'blue', bug_fix: 'yellow', security: 'red', other: 'neutral' });
  });
});

describe('keyset cursors', () => {
  it('round-trip through the one codec and refuse anything else with a 400', () => {
    const id = '0f0e8a5c-1d2b-4c3d-8e9f-0a1b2c3d4e5f';
    const cursor = encodeCursor({ at: '2026-11-20T10:00:00.123456Z', id });
    expect(decodeCursor(cursor, TimeKeysetSchema)).toEqual({ at: '2026-11-20T10:00:00.123456Z', id });
    const refused = { code: 'VALIDATION_FAILED', status: 400, message: 'Invalid cursor' };
    expect(() => decodeCursor(encodeCursor({ at: 'yesterday', id }), TimeKeysetSchema)).toThrow(expect.objectContaining(refused));
    expect(() => decodeCursor(encodeCursor({ at: '2026-11-20T10:00:00Z', id: "1' or 1=1" }), TimeKeysetSchema)).toThrow(expect.objectContaining(refused));
    expect(() => decodeCursor(encodeCursor({ at: '2026-11-20T10:00:00Z', id, extra: 1 }), TimeKeysetSchema)).toThrow(expect.objectContaining(refused));
    expect(() => decodeCursor('2026-11-20T10:00:00Z|0f0e8a5c', TimeKeysetSchema)).toThrow(expect.objectContaining(refused));
    expect(decodeCursor(null, TimeKeysetSchema)).toBeNull();
  });
});

describe('profile edit form', () => {
  const valid = {
    fullName: 'Maya Chen',
    bio: '',
    company: 'Flowline',
    location: ' Toronto ',
    website: '',
    socialLinks: { github: ' https://github.com/maya ', twitter: '' },
    specialties: ['n8n', ' N8N ', 'Make', ''],
  };

  it('cleans the input: empty to null, specialties deduplicated', () => {
    expect(check(profileFormSchema('creator'), valid)).toEqual({
      ok: true,
      value: {
        fullName: 'Maya Chen',
        bio: null,
        company: 'Flowline',
        location: 'Toronto',
        website: null,
        socialLinks: { github: 'https://github.com/maya', twitter: null },
        specialties: ['n8n', 'Make'],
      },
    });
  });

  it('refuses an unknown network or field, naming it', () => {
    expect(check(profileFormSchema('creator'), { ...valid, socialLinks: { myspace: 'https://myspace.com/x' } })).toEqual({
      ok: false,
      fields: { socialLinks: 'Unknown field: myspace' },
    });
    expect(check(profileFormSchema('creator'), { ...valid, email: 'maya@example.com' })).toEqual({ ok: false, fields: { _: 'Unknown field: email' } });
  });

  it('needs a company for creators only', () => {
    expect(check(profileFormSchema('creator'), { ...valid, company: '' })).toMatchObject({
      ok: false,
      fields: { company: 'Company or project name is required for creators' },
    });
    expect(check(profileFormSchema('buyer'), { ...valid, company: '' })).toMatchObject({ ok: true });
  });

  it('checks links and limits with the form messages', () => {
    expect(
      check(profileFormSchema('creator'), {
        ...valid,
        fullName: 'M@ya',
        website: 'example.com',
        socialLinks: { linkedin: 'https://localhost' },
        specialties: Array.from({ length: 11 }, (_, i) => `Skill ${i}`),
      }),
    ).toEqual({
      ok: false,
      fields: {
        fullName: 'Name contains invalid characters',
        website: 'URL should start with http:// or https://',
        'socialLinks.linkedin': 'Invalid URL format',
        specialties: 'Choose at most 10 specialties',
      },
    });
    expect(checkWebUrl('https://flowline.example.com/about')).toBeNull();
  });
});

describe('profile display', () => {
  it('shows up to 3 specialties, then how many more', () => {
    expect(visibleSpecialties(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(visibleSpecialties(['n8n', 'Make', 'Zapier', 'CRM', 'Leads'])).toEqual({ shown: ['n8n', 'Make', 'Zapier'], more: 2 });
  });

  it('says when someone joined, their initials and network names', () => {
    expect(joinedLabel('2024-12-03T10:00:00Z')).toBe('Joined December 2024');
    expect(initialsOf('Maya Chen')).toBe('MC');
    expect(initialsOf('toolmint Team')).toBe('TT');
    expect(initialsOf('')).toBe('U');
    expect(socialLabel('twitter')).toBe('X (Twitter)');
    expect(socialLabel('mastodon')).toBe('Mastodon');
  });
});

describe('reviews', () => {
  it('needs 1 to 5 whole stars and a text', () => {
    expect(check(ReviewInputSchema, { rating: 5, text: '  Great templates and fast answers.  ' })).toEqual({
      ok: true,
      value: { rating: 5, text: 'Great templates and fast answers.' },
    });
    // A rating is a number: text is refused, never read as one.
    expect(check(ReviewInputSchema, { rating: '4', text: 'Works well for our team.' })).toEqual({
      ok: false,
      fields: { rating: 'Choose a rating from 1 to 5 stars' },
    });
    expect(check(ReviewInputSchema, { rating: 0, text: '' })).toEqual({
      ok: false,
      fields: { rating: 'Choose a rating from 1 to 5 stars', text: 'Write a few words about your experience' },
    });
    expect(check(ReviewInputSchema, { rating: 4.5, text: 'x'.repeat(2001) })).toEqual({
      ok: false,
      fields: { rating: 'Choose a rating from 1 to 5 stars', text: 'The review must be at most 2000 characters' },
    });
  });
});

describe('Atom feed', () => {
  it('escapes text and drops characters XML cannot hold', () => {
    expect(xmlEscape(`<a href="x">Tom & Jerry's</a>\u0001`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;');
    const xml = buildAtomFeed({
      selfUrl: 'https://toolmint.test/tools/n8n/feed.xml',
      pageUrl: 'https://toolmint.test/tools/n8n',
      title: 'n8n updates',
      subtitle: 'Updates',
      siteUrl: 'https://toolmint.test',
      fallbackUpdated: new Date('2026-01-01T00:00:00Z'),
      updates: [
        {
          id: '0f0e8a5c-1d2b-4c3d-8e9f-0a1b2c3d4e5f',
          toolId: 'n8n',
          toolName: 'n8n',
          toolHref: '/tools/n8n',
          title: 'Queue <mode>',
          content: 'A & B',
          updateType: 'bug_fix',
          version: '1.2',
          createdAt: '2026-11-20T10:00:00.000Z',
          authorName: null,
        },
      ],
    });
    expect(xml).toContain('<updated>2026-11-20T10:00:00.000Z</updated>');
    expect(xml).toContain('<title>n8n: Queue &lt;mode&gt; (1.2)</title>');
    expect(xml).toContain('<id>tag:toolmint,2026:tool-update:0f0e8a5c-1d2b-4c3d-8e9f-0a1b2c3d4e5f</id>');
    expect(xml).toContain('<author><name>n8n maintainers</name></author>');
    expect(xml).toContain('<link rel="alternate" type="text/html" href="https://toolmint.test/tools/n8n"/>');
  });
});

describe('unread count store', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    $session.set(SIGNED_OUT);
    $unreadCount.set(0);
  });

  it('asks nothing without a signed-in user', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    $session.set(SIGNED_OUT);
    expect(await refreshUnreadCount()).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('loads the count for a signed-in user, and keeps it when a load fails', async () => {
    $session.set({
      status: 'signed-in',
      user: { id: 'u1', email: 'a@example.com', name: 'A', fullName: 'A', userType: 'buyer', company: null, image: null, emailVerified: true },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ count: 120 }), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    expect(await refreshUnreadCount()).toBe(120);
    expect($unreadCount.get()).toBe(120);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 500 })),
    );
    expect(await refreshUnreadCount()).toBeNull();
    expect($unreadCount.get()).toBe(120);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
    setUnreadCount(3);
    expect($unreadCount.get()).toBe(3);
  });

  it('does not put back a count read before a mark-read answered', async () => {
    $session.set({
      status: 'signed-in',
      user: { id: 'u1', email: 'a@example.com', name: 'A', fullName: 'A', userType: 'buyer', company: null, image: null, emailVerified: true },
    });
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const load = refreshUnreadCount();
    // The reader opens one of two unread updates while the load is on its way.
    setUnreadCount(1);
    answer(new Response(JSON.stringify({ count: 2 }), { status: 200, headers: { 'content-type': 'application/json' } }));
    expect(await load).toBe(1);
    expect($unreadCount.get()).toBe(1);
  });
});
