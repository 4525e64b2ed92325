/**
 * The origin is read when a page renders (functions/_shared/site-origin.ts, docs/decisions/046):
 * Astro's `site` is the build's placeholder for the embedded server, so a page or route that
 * read it would link to http://toolmint-build-origin.invalid. None does, and fillOrigin puts an
 * origin where the placeholder stands.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_ORIGIN, fillOrigin } from '@/functions/_shared/site-origin';

const sources = (dir: string): string[] =>
  (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.(astro|ts|tsx)$/.test(f)).map((f) => path.join(dir, f));

describe("the site's origin", () => {
  it('is never read from Astro.site or a route context’s `site`', () => {
    const offenders = sources('src').filter((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return /\bAstro\.site\b/.test(text) || /\(\{[^)]*\bsite\b[^)]*\}\)\s*=>/.test(text) || /\bcontext\.site\b/.test(text);
    });
    expect(offenders, 'use siteOrigin() from functions/_shared/site-origin.ts').toEqual([]);
  });

  it('is filled in wherever the build put the placeholder, and nowhere else', () => {
    const html = `<link rel="canonical" href="${BUILD_ORIGIN}/terms"><a href="https://example.com/x">${BUILD_ORIGIN}</a>`;
    expect(fillOrigin(html, 'http://localhost:8080/')).toBe(
      '<link rel="canonical" href="http://localhost:8080/terms"><a href="https://example.com/x">http://localhost:8080</a>',
    );
    expect(fillOrigin('no origin here', 'https://toolmint.example')).toBe('no origin here');
  });
});
