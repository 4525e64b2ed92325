/**
 * One Content-Security-Policy per page, holding only that page's own hashes (issue 30,
 * docs/decisions/074).
 *
 * Astro writes into the script-src and style-src of every page the hashes of every inline
 * script and style of the whole build: its manifest keeps one list for all pages
 * (astro/dist/core/build/plugins/plugin-manifest.js). With this site's components that is
 * about 50 hashes, 3.3 KB on every page answer, sent again with every request and checked
 * character by character by Node's header validation. A page needs only the hashes of the
 * inline `<script>` and `<style>` elements it holds (CSP Level 3, hash-source: a hash allows
 * the inline element whose content has that digest), so this keeps those and drops the rest.
 *
 * Only hashes are ever dropped, and only the ones no inline element of the page has: every
 * other source stays as it is ('self', 'strict-dynamic', hosts, and the directives Astro does
 * not write). An element is matched by the digest of its text as the browser sees it, which
 * htmlparser2 gives for script and style (raw text elements: no entity decoding).
 */
import { createHash } from 'node:crypto';
import { Parser } from 'htmlparser2';

/** A hash source: `'sha256-<base64>'` (CSP3 also allows sha384 and sha512). */
const HASH_SOURCE = /^'(sha256|sha384|sha512)-([A-Za-z0-9+/=_-]+)'$/;

/** The directives whose hash sources name inline elements (script-src-elem and style-src-elem too; not the -attr ones). */
const HASHED_DIRECTIVE = /^(?:script|style)-src(?:-elem)?$/;

/** The text of each inline script (no src) and style element of a page, in order. */
export function inlineElementTexts(html: string): string[] {
  const texts: string[] = [];
  let open: { text: string } | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'style' || (name === 'script' && attributes['src'] === undefined)) open = { text: '' };
      },
      ontext(text) {
        if (open) open.text += text;
      },
      onclosetag(name) {
        if (open && (name === 'style' || name === 'script')) {
          texts.push(open.text);
          open = undefined;
        }
      },
    },
    // Script and style are raw text in HTML: their content is what the browser hashes, as written.
    { decodeEntities: false },
  );
  parser.write(html);
  parser.end();
  return texts;
}

/** The digest of an inline element's text as a hash source names it (base64, no quotes or algorithm). */
const digestOf = (text: string, algorithm: string) => createHash(algorithm).update(text, 'utf8').digest('base64');

/** The hash source that allows an inline element with this text: `'sha256-…'`. */
export function hashSource(text: string, algorithm: 'sha256' | 'sha384' | 'sha512' = 'sha256'): string {
  return `'${algorithm}-${digestOf(text, algorithm)}'`;
}

/**
 * `csp` with, in each script and style directive, only the hash sources of inline elements
 * that `html` holds. A policy without hashes comes back as it is.
 */
export function pagePolicy(csp: string, html: string): string {
  if (!csp.includes("'sha")) return csp;
  const digests = new Map<string, Set<string>>();
  const digestsOf = (algorithm: string) => {
    let known = digests.get(algorithm);
    if (!known) {
      known = new Set(inlineElementTexts(html).map((text) => digestOf(text, algorithm)));
      digests.set(algorithm, known);
    }
    return known;
  };
  return csp
    .split(';')
    .map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      if (!HASHED_DIRECTIVE.test(name)) return directive.trim();
      const kept = sources.filter((source) => {
        const hash = HASH_SOURCE.exec(source);
        return !hash || digestsOf(hash[1]!).has(hash[2]!);
      });
      return [name, ...kept].join(' ');
    })
    .filter(Boolean)
    .join('; ');
}

/**
 * An on-demand page's answer with its own policy (pagePolicy). The body is read whole to know
 * its inline elements, so the page is sent once rendered rather than streamed: these pages
 * are small, and the shared ones are rendered once and then stored or cached.
 */
export async function withPagePolicy(response: Response): Promise<Response> {
  const csp = response.headers.get('content-security-policy');
  if (!csp || !response.body || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.set('content-security-policy', pagePolicy(csp, html));
  // Astro says `text/html` alone: every HTML answer names its charset (issue 32).
  if (headers.get('content-type') === 'text/html') headers.set('content-type', 'text/html; charset=utf-8');
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}
