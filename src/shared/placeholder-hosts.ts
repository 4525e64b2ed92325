/**
 * Addresses that lead nowhere: the names reserved for documentation and testing (RFC 2606
 * and RFC 6761: example.com/.net/.org and their subdomains, the .example, .test, .invalid and
 * .localhost top-level names) and image or page placeholder services. The demo catalogue may
 * not deliver to them (db/seed/demo-data.ts): a buyer who opens one reaches a dead page.
 */
const RESERVED_DOMAINS = ['example.com', 'example.net', 'example.org', 'localhost'];
const RESERVED_TLDS = ['example', 'test', 'invalid', 'localhost'];
const PLACEHOLDER_DOMAINS = ['placeholder.com', 'placehold.co', 'placehold.it', 'yourdomain.com', 'yoursite.com', 'your-site.com', 'domain.com'];

const within = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** True for a URL on a reserved or placeholder host (and for anything that is not a URL). */
export function isPlaceholderUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return true;
  }
  if (!host) return true;
  if (RESERVED_TLDS.includes(host.slice(host.lastIndexOf('.') + 1))) return true;
  return [...RESERVED_DOMAINS, ...PLACEHOLDER_DOMAINS].some((d) => within(host, d));
}
