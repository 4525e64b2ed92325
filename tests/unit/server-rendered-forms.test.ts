/**
 * Server-rendered forms show their values before their JavaScript runs (src/components/ui/
 * form-state.ts registerWithValue / registerChoice). react-hook-form writes values through refs
 * after hydration, so /settings/notifications showed 'Off' for every kind until then, and a
 * question asked from a product page had its space, kind and product unchecked. Rendered with
 * React's server renderer, as Astro renders an island's HTML.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import NotificationSettings from '@/src/components/settings/NotificationSettings';
import NewThreadForm from '@/src/components/community/NewThreadForm';
import { defaultPreferences } from '@/src/shared/email-preferences';

/** The `<select>` whose name is `name`, as rendered. */
const selectNamed = (html: string, name: string) => html.match(new RegExp(`<select[^>]*name="${name.replace('.', '\\.')}"[^>]*>(.*?)</select>`))?.[1] ?? '';
/** Whether the checkbox or radio `name` with `value` is rendered checked. */
const checked = (html: string, name: string, value: string) => {
  const tag = (html.match(/<input [^>]*>/g) ?? []).find((t) => t.includes(`name="${name}"`) && t.includes(`value="${value}"`));
  if (!tag) throw new Error(`no ${name}=${value} input`);
  return tag.includes('checked=""');
};
const selected = (select: string) => [...select.matchAll(/<option value="([^"]*)" selected=""/g)].map((m) => m[1]);

describe('the notification settings, server-rendered', () => {
  it("select each kind's saved channel, not the first option", () => {
    const preferences = { ...defaultPreferences(), tool_update: 'weekly' as const, sale: 'off' as const };
    const html = renderToString(createElement(NotificationSettings, { email: 'ada@example.com', initial: { preferences, suppressed: null } }));
    expect(selected(selectNamed(html, 'preferences.security_update'))).toEqual([preferences.security_update]);
    expect(selected(selectNamed(html, 'preferences.tool_update'))).toEqual(['weekly']);
    expect(selected(selectNamed(html, 'preferences.sale'))).toEqual(['off']);
  });

  it('label each group by an id without spaces (aria-labelledby takes a list of ids)', () => {
    const html = renderToString(
      createElement(NotificationSettings, { email: 'ada@example.com', initial: { preferences: defaultPreferences(), suppressed: null } }),
    );
    const refs = [...html.matchAll(/aria-labelledby="([^"]*)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(1);
    for (const ref of refs) {
      expect(ref).not.toMatch(/\s/);
      expect(html).toContain(`id="${ref}"`);
    }
  });
});

describe('a new thread form, server-rendered', () => {
  it('has its space chosen, Discussion checked and the product it was asked from ticked', () => {
    const spaces = [
      { id: 'space-help', name: 'Help', kind: 'general' as const, toolId: null },
      { id: 'space-claude', name: 'Claude', kind: 'tool' as const, toolId: 'claude' },
    ];
    const html = renderToString(createElement(NewThreadForm, { spaces, initialSpace: 'space-claude', product: { id: 'product-1', title: 'Prompt Pack' } }));
    expect(selected(selectNamed(html, 'spaceId'))).toEqual(['space-claude']);
    expect(checked(html, 'kind', 'discussion')).toBe(true);
    expect(checked(html, 'kind', 'question')).toBe(false);
    expect(checked(html, 'productIds', 'product-1')).toBe(true);
    expect(checked(html, 'toolIds', 'claude')).toBe(false);
  });
});
