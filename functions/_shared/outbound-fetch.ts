/**
 * Every request the server makes to a URL a user gave us goes through here (creator webhooks
 * now, the tool directory's feeds next): the SSRF guard, a deadline, a cap on the answer's size
 * and no redirect to a host that was not checked (docs/decisions/027).
 *
 * - checkOutboundUrl(): for saving a URL (400 when refused). https only, no credentials in
 *   the URL, and every address the host resolves to must be public unicast: private, loopback,
 *   link-local (cloud metadata at 169.254.169.254), CGNAT, multicast, unspecified, reserved,
 *   IPv6 unique-local and IPv4-mapped/embedding ranges are refused. The classification is
 *   ipaddr.js's `range()` (only 'unicast' passes), not ranges written out here.
 * - outboundFetch(): the request itself, over node:http(s) with a `lookup` that resolves the
 *   host once, refuses the request if any address is not public, and hands the connection only
 *   the addresses it checked, so DNS that changed since the URL was saved (rebinding) cannot
 *   reach an internal address. IP literals are checked before connecting (Node does not look
 *   them up). No connection pooling: every request makes, checks and closes its own socket.
 * - Redirects are not followed unless `maxRedirects` is given, and then each hop is checked
 *   exactly like the first URL (a changelog feed follows up to 5, docs/decisions/039): a
 *   redirect to another scheme (http, file:, ftp:, ...), to an IP literal inside or to a name
 *   that resolves inside is refused before any connection to it.
 * - OUTBOUND_ALLOW_HOSTS (tests only; a warning is logged when it is set) names `host:port`
 *   pairs, as written in the URL, that may be reached over http or https whatever they
 *   resolve to: a local test receiver on 127.0.0.1.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { getEnv } from '@/env';

export type LookupFunction = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface OutboundPolicy {
  /** `host:port` pairs (lower case, IPv6 in brackets) allowed whatever they resolve to, over http too. */
  allowHosts: readonly string[];
  /** How host names are resolved: the system resolver unless a caller needs another. */
  lookup?: LookupFunction;
}

/** Why a URL was refused, in words for the person who entered it. */
export class OutboundRefusedError extends Error {
  override name = 'OutboundRefusedError';
}

let warned = false;

function defaultPolicy(): OutboundPolicy {
  const allowHosts = getEnv().OUTBOUND_ALLOW_HOSTS;
  if (allowHosts.length && !warned) {
    warned = true;
    console.warn(`[outbound] OUTBOUND_ALLOW_HOSTS lets requests reach ${allowHosts.join(', ')}: for tests only, never in a deployment`);
  }
  return { allowHosts };
}

const systemLookup: LookupFunction = (hostname) => dns.promises.lookup(hostname, { all: true, order: 'verbatim' });

/** Whether an address is public unicast: the only kind an outbound request may reach. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // parse, not process: an IPv4-mapped IPv6 address stays 'ipv4Mapped' and is refused as such.
  return ipaddr.parse(address).range() === 'unicast';
}

function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

function defaultPort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

function isAllowedHost(url: URL, policy: OutboundPolicy): boolean {
  const host = url.hostname.toLowerCase();
  return policy.allowHosts.includes(`${host}:${defaultPort(url)}`);
}

/** The checks that need no DNS: the URL's shape, scheme, credentials and an IP literal host. */
function checkShape(raw: string | URL, policy: OutboundPolicy): { url: URL; allowed: boolean } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefusedError('Enter a full URL, starting with https://');
  }
  const allowed = isAllowedHost(url, policy);
  if (url.protocol !== 'https:' && !(allowed && url.protocol === 'http:')) throw new OutboundRefusedError('The URL must start with https://');
  if (url.username || url.password) throw new OutboundRefusedError('The URL must not contain a user name or password');
  if (!url.hostname) throw new OutboundRefusedError('Enter a full URL, starting with https://');
  const host = bareHost(url);
  if (!allowed && net.isIP(host) && !isPublicAddress(host)) throw new OutboundRefusedError('The URL points to a private or reserved address');
  return { url, allowed };
}

async function resolvePublic(hostname: string, policy: OutboundPolicy): Promise<{ address: string; family: number }[]> {
  let addresses: { address: string; family: number }[];
  try {
    addresses = await (policy.lookup ?? systemLookup)(hostname);
  } catch {
    throw new OutboundRefusedError(`The host ${hostname} could not be found`);
  }
  if (!addresses.length) throw new OutboundRefusedError(`The host ${hostname} could not be found`);
  // All or nothing: a name with one public and one private address is refused, since we cannot
  // know which one a later resolution (or another resolver) will give.
  if (addresses.some((a) => !isPublicAddress(a.address))) throw new OutboundRefusedError('The URL points to a private or reserved address');
  return addresses;
}

/**
 * Checks a URL before it is saved: its shape, and (for a host name) that it resolves, now, to
 * public addresses only. The same checks run again at every request (outboundFetch).
 */
export async function checkOutboundUrl(raw: string, policy: OutboundPolicy = defaultPolicy()): Promise<URL> {
  const { url, allowed } = checkShape(raw, policy);
  const host = bareHost(url);
  if (!allowed && !net.isIP(host)) await resolvePublic(host, policy);
  return url;
}

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The whole exchange, connect to last byte (default 10 s). */
  timeoutMs?: number;
  /** Bytes of the answer kept; the rest is not read (default 64 KB). */
  maxResponseBytes?: number;
  /** Redirects followed, each hop checked like the first URL (default 0: a 3xx is returned as is). */
  maxRedirects?: number;
  policy?: OutboundPolicy;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** At most maxResponseBytes of the answer. */
  body: Buffer;
  truncated: boolean;
  /** The URL that answered (after redirects). */
  url: string;
}

/** A failure to get any answer: refused by the guard, DNS, connection, TLS or the deadline. */
export class OutboundRequestError extends Error {
  override name = 'OutboundRequestError';
}

/** net's lookup option: resolve once, refuse unless every address is public, connect only to those. */
function guardedLookup(policy: OutboundPolicy, allowed: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    const resolve = allowed ? (policy.lookup ?? systemLookup)(hostname) : resolvePublic(hostname, policy);
    resolve.then(
      (addresses) => {
        const family = typeof options === 'object' ? options.family : undefined;
        const usable = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
        const first = usable[0];
        if (!first) return callback(Object.assign(new Error(`no usable address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        if (typeof options === 'object' && options.all) return (callback as unknown as (e: null, a: typeof usable) => void)(null, usable);
        return callback(null, first.address, first.family);
      },
      (error: Error) => callback(Object.assign(error, { code: (error as NodeJS.ErrnoException).code ?? 'EREFUSED' }), '', 0),
    );
  };
}

function requestOnce(url: URL, allowed: boolean, init: OutboundRequest, policy: OutboundPolicy, deadline: number): Promise<OutboundResponse> {
  const maxBytes = init.maxResponseBytes ?? 64 * 1024;
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new OutboundRequestError('Timed out'));
    const headers: Record<string, string | number> = { ...init.headers };
    if (init.body !== undefined) headers['content-length'] = Buffer.byteLength(init.body);
    const request = transport.request(url, {
      method: init.method ?? 'GET',
      headers,
      agent: false,
      lookup: guardedLookup(policy, allowed),
      timeout: remaining,
    });
    const timer = setTimeout(() => request.destroy(new OutboundRequestError('Timed out')), remaining);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(
        error instanceof OutboundRequestError || error instanceof OutboundRefusedError ? error : new OutboundRequestError(error.message || 'Request failed'),
      );
    };
    request.on('timeout', () => request.destroy(new OutboundRequestError('Timed out')));
    request.on('error', fail);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      let truncated = false;
      const done = () => {
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), truncated, url: url.toString() });
      };
      response.on('data', (chunk: Buffer) => {
        if (truncated) return;
        const room = maxBytes - kept;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          kept = maxBytes;
          truncated = true;
          // The rest is never read: the socket is closed and the answer is what we kept.
          response.destroy();
          done();
          return;
        }
        chunks.push(chunk);
        kept += chunk.length;
      });
      response.on('end', () => {
        if (!truncated) done();
      });
      response.on('error', (error) => {
        if (!truncated) fail(error);
      });
    });
    if (init.body !== undefined) request.end(init.body);
    else request.end();
  });
}

/**
 * One outbound request through the guard. Throws OutboundRefusedError when the URL (or a
 * redirect's target) is refused, OutboundRequestError when no answer came; any HTTP status
 * is an answer and is returned.
 */
export async function outboundFetch(raw: string | URL, init: OutboundRequest = {}): Promise<OutboundResponse> {
  const policy = init.policy ?? defaultPolicy();
  const deadline = Date.now() + (init.timeoutMs ?? 10_000);
  let target = raw;
  for (let hop = 0; ; hop++) {
    const { url, allowed } = checkShape(target, policy);
    let response: OutboundResponse;
    try {
      response = await requestOnce(url, allowed, init, policy, deadline);
    } catch (error) {
      // The lookup's refusal reaches us wrapped by the socket: keep its words.
      if (error instanceof OutboundRequestError && /private or reserved|could not be found/.test(error.message)) throw new OutboundRefusedError(error.message);
      throw error;
    }
    const location = response.headers.location;
    if (response.status < 300 || response.status >= 400 || !location || hop >= (init.maxRedirects ?? 0)) return response;
    // The next hop is checked like the first URL (scheme, credentials, address) by checkShape.
    try {
      target = new URL(location, url);
    } catch {
      throw new OutboundRefusedError('The server redirected to an address that is not a URL');
    }
  }
}
