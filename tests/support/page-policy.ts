/**
 * A page's Content-Security-Policy checked against the page itself (docs/decisions/074): every
 * hash source names an inline script or style the page holds (Astro's list named those of the
 * whole build), and every inline script that runs and every style element has its hash. Content
 * of <noscript> is text when scripts run: not an element, never checked by the browser.
 */
import { expect } from 'vitest';
import { hashSource, inlineElementTexts } from '@/functions/_shared/page-csp';

export function expectOwnPolicy(csp: string, html: string, label: string): void {
  const directive = (name: string) => csp.split(';').find((d) => d.trim().split(/\s+/)[0] === name) ?? '';
  const own = new Set(inlineElementTexts(html).map((text) => hashSource(text)));
  expect(
    (csp.match(/'sha256-[^']+'/g) ?? []).filter((hash) => !own.has(hash)),
    `${label}: hashes that name no element of the page`,
  ).toEqual([]);
  const seen = html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
  for (const [, text] of seen.matchAll(/<script(?:\s+type="(?:module|text\/javascript)")?>([\s\S]*?)<\/script>/g)) {
    expect(directive('script-src'), `${label}: an inline script`).toContain(hashSource(text!));
  }
  for (const [, text] of seen.matchAll(/<style>([\s\S]*?)<\/style>/g)) expect(directive('style-src'), `${label}: a style element`).toContain(hashSource(text!));
}
