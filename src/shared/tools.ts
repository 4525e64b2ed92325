/**
 * Rules of the AI tools directory shared by the forms and the server (docs/decisions/038):
 * what counts as the same official site, what a real public URL is, how a tool's id is made.
 * Isomorphic and dependency-free.
 */

/** The host of a tool's official site as duplicates compare it: lower case, without a leading 'www.'. */
export function siteHost(url: string | URL): string {
  const host = (typeof url === 'string' ? new URL(url) : url).hostname.toLowerCase().replace(/\.$/, '');
  return host.startsWith('www.') ? host.slice(4) : host;
}

/**
 * A URL a tool page may link to: http(s), no credentials, and a real public host name (a
 * dotted name with an alphabetic top-level label; no IP literals, no 'localhost'). Null when
 * fine, else the reason.
 */
export function publicUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a full URL, starting with https://';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The URL must start with http:// or https://';
  if (url.username || url.password) return 'The URL must not contain a user name or password';
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const labels = host.split('.');
  const tld = labels[labels.length - 1] ?? '';
  if (labels.length < 2 || !/^[a-z]{2,63}$|^xn--[a-z0-9-]{1,59}$/.test(tld) || labels.some((l) => !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l))) {
    return 'The URL needs a real host name, like example.com';
  }
  if (['localhost', 'local', 'internal', 'test', 'invalid', 'example'].includes(tld)) return 'The URL needs a real host name, like example.com';
  return null;
}

/** A tool id from its name: 'Perplexity AI' → 'perplexity-ai' (the page address /tools/{id}). */
export function toolSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/g, '');
  return slug || 'tool';
}

/** The file a claimant publishes on the tool's official domain (method 'well_known'). */
export const WELL_KNOWN_PATH = '/.well-known/toolmint-verification.txt';
