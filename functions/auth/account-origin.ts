/**
 * The key an account's sign-up address is kept under (docs/decisions/052): an HMAC with the
 * auth secret, so account_origins can say "these two accounts signed up from the same address"
 * without holding any address. An IPv6 address counts by its /64 (one home or host gets a
 * whole /64), an IPv4 address as it is.
 */
import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';

function addressGroup(address: string): string {
  const trimmed = address.trim().toLowerCase();
  // An IPv4 address written as IPv6 (::ffff:203.0.113.7) is that IPv4 address.
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(trimmed)?.[1];
  if (mapped) return mapped;
  if (isIP(trimmed) !== 6) return trimmed;
  // Expand '::' so the first four groups are the /64.
  const [head = '', tail = ''] = trimmed.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = trimmed.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function accountOriginKey(address: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`account-origin:${addressGroup(address)}`)
    .digest('base64url')
    .slice(0, 32);
}
