/**
 * The SSRF guard every changelog fetch goes through (functions/_shared/outbound-fetch.ts,
 * docs/decisions/027 and 039): private, loopback, link-local, metadata and other non-public
 * addresses refused as IP literals, after DNS, and on every redirect; non-http(s) schemes
 * refused. The local servers here are reached only through an explicit test policy
 * (allowHosts), the way OUTBOUND_ALLOW_HOSTS lets the integration tests reach theirs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutboundUrl, isPublicAddress, outboundFetch, OutboundRefusedError, type OutboundPolicy } from '@/functions/_shared/outbound-fetch';

const resolvesTo =
  (...addresses: string[]): OutboundPolicy['lookup'] =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('isPublicAddress', () => {
  it.each([
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.1',
    '127.0.0.1',
    '127.5.6.7',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    '2002:a00:1::',
    '2001:db8::1',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '140.82.112.3', '93.184.215.14', '2606:4700::1111', '2a00:1450:4001:80b::200e'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses what is not an address', () => {
    expect(isPublicAddress('not an ip')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });
});

describe('checkOutboundUrl', () => {
  const policy: OutboundPolicy = { allowHosts: [], lookup: resolvesTo('140.82.112.3') };

  it.each([
    ['http://github.com/n8n-io/n8n/releases.atom', 'must start with https://'],
    ['ftp://example.com/feed.xml', 'must start with https://'],
    ['file:///etc/passwd', 'must start with https://'],
    ['gopher://example.com:70/', 'must start with https://'],
    ['javascript:alert(1)', 'must start with https://'],
    ['https://user:pw@example.com/feed', 'must not contain a user name or password'],
    ['https://127.0.0.1/feed', 'private or reserved address'],
    ['https://0x7f.1/feed', 'private or reserved address'],
    ['https://2130706433/feed', 'private or reserved address'],
    ['https://169.254.169.254/latest/meta-data/', 'private or reserved address'],
    ['https://[::1]/feed', 'private or reserved address'],
    ['https://[fd00:ec2::254]/feed', 'private or reserved address'],
    ['https://[::ffff:a9fe:a9fe]/feed', 'private or reserved address'],
    ['not a url', 'Enter a full URL'],
  ])('refuses %s', async (url, message) => {
    await expect(checkOutboundUrl(url, policy)).rejects.toThrow(message);
  });

  it('refuses a name whose DNS answers point inside, even one of several', async () => {
    for (const inside of ['10.0.0.5', '127.0.0.1', '169.254.169.254', '::1', 'fd12:3456::1', '::ffff:192.168.0.1']) {
      await expect(checkOutboundUrl('https://feeds.example.com/rss', { allowHosts: [], lookup: resolvesTo(inside) }), inside).rejects.toThrow(
        'private or reserved address',
      );
    }
    await expect(checkOutboundUrl('https://feeds.example.com/rss', { allowHosts: [], lookup: resolvesTo('140.82.112.3', '10.0.0.1') })).rejects.toBeInstanceOf(
      OutboundRefusedError,
    );
    await expect(checkOutboundUrl('https://feeds.example.com/rss', { allowHosts: [], lookup: resolvesTo() })).rejects.toThrow('could not be found');
    await expect(checkOutboundUrl('https://feeds.example.com/rss', policy)).resolves.toBeInstanceOf(URL);
  });
});

describe('outboundFetch', () => {
  let inside: http.Server;
  let insidePort = 0;
  let front: http.Server;
  let frontPort = 0;
  const hitsInside: string[] = [];
  const routes = new Map<string, { status: number; headers?: Record<string, string>; body?: string }>();

  const listen = async (server: http.Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };

  beforeAll(async () => {
    // 'Inside': a private service nothing may reach.
    inside = http.createServer((request, response) => {
      hitsInside.push(request.url ?? '');
      response.end('secret');
    });
    insidePort = await listen(inside);
    // 'Front': the one server the test policy allows, answering what each test sets up.
    front = http.createServer((request, response) => {
      const route = routes.get(request.url ?? '') ?? { status: 404 };
      response.writeHead(route.status, route.headers);
      response.end(route.body ?? '');
    });
    frontPort = await listen(front);
  });

  afterAll(async () => {
    for (const server of [inside, front]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  const allowFront = (): OutboundPolicy => ({ allowHosts: [`127.0.0.1:${frontPort}`], lookup: resolvesTo('140.82.112.3') });
  const frontUrl = (path: string) => `http://127.0.0.1:${frontPort}${path}`;

  it('refuses a redirect to a private address, a loopback port that is not allowed, a name that resolves inside, or another scheme', async () => {
    const targets = [
      `http://127.0.0.1:${insidePort}/admin`,
      `https://127.0.0.1:${insidePort}/admin`,
      `http://localhost:${frontPort}/ok`,
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/admin',
      `https://internal.example.com:${insidePort}/admin`,
      'file:///etc/passwd',
      'ftp://example.com/feed.xml',
    ];
    for (const [i, location] of targets.entries()) {
      routes.set(`/hop-${i}`, { status: 302, headers: { location } });
      const policy: OutboundPolicy = {
        allowHosts: [`127.0.0.1:${frontPort}`],
        // The redirect's name resolves inside; the first URL is an allowed IP literal.
        lookup: resolvesTo('127.0.0.1'),
      };
      await expect(outboundFetch(frontUrl(`/hop-${i}`), { maxRedirects: 5, policy }), location).rejects.toBeInstanceOf(OutboundRefusedError);
    }
    expect(hitsInside).toEqual([]);
  });

  it('follows at most the redirects it is allowed, and returns the last 3xx beyond them', async () => {
    for (let i = 0; i < 7; i++) routes.set(`/chain-${i}`, { status: 301, headers: { location: `/chain-${i + 1}` } });
    routes.set('/chain-7', { status: 200, body: 'end' });
    const stopped = await outboundFetch(frontUrl('/chain-0'), { maxRedirects: 5, policy: allowFront() });
    expect(stopped.status).toBe(301);
    expect(stopped.url).toBe(frontUrl('/chain-5'));
    routes.set('/short-0', { status: 302, headers: { location: '/chain-6' } });
    const followed = await outboundFetch(frontUrl('/short-0'), { maxRedirects: 5, policy: allowFront() });
    expect(followed).toMatchObject({ status: 200, url: frontUrl('/chain-7') });
  });

  it('refuses a redirect whose Location is not a URL', async () => {
    routes.set('/bad-location', { status: 302, headers: { location: 'http://[oops' } });
    await expect(outboundFetch(frontUrl('/bad-location'), { maxRedirects: 5, policy: allowFront() })).rejects.toThrow('not a URL');
  });

  it('never connects to a host the allowance does not name, whatever the scheme', async () => {
    await expect(outboundFetch(`http://127.0.0.1:${insidePort}/`, { policy: allowFront() })).rejects.toThrow('must start with https://');
    await expect(outboundFetch(`https://127.0.0.1:${insidePort}/`, { policy: allowFront() })).rejects.toThrow('private or reserved address');
    expect(hitsInside).toEqual([]);
  });
});
