/**
 * The key an account's sign-up address is kept under (functions/auth/account-origin.ts,
 * docs/decisions/052): the same address gives the same key, a different one another; an IPv6
 * address counts by its /64, an IPv4 address written as IPv6 as that IPv4 address; the key
 * depends on the secret and never contains the address.
 */
import { describe, expect, it } from 'vitest';
import { accountOriginKey } from '@/functions/auth/account-origin';

const SECRET = 'test-secret-for-account-origins-0123456789';
const key = (address: string, secret = SECRET) => accountOriginKey(address, secret);

describe('accountOriginKey', () => {
  it('matches the same IPv4 address and tells others apart', () => {
    expect(key('203.0.113.7')).toBe(key(' 203.0.113.7 '));
    expect(key('203.0.113.7')).not.toBe(key('203.0.113.8'));
    expect(key('::ffff:203.0.113.7')).toBe(key('203.0.113.7'));
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    expect(key('2001:db8:1:2:aaaa::1')).toBe(key('2001:0db8:0001:0002:ffff:ffff:ffff:ffff'));
    expect(key('2001:db8:1:2::1')).toBe(key('2001:DB8:1:2:0:0:0:9'));
    expect(key('2001:db8::1')).toBe(key('2001:db8:0:0:1::'));
    expect(key('2001:db8:1:2::1')).not.toBe(key('2001:db8:1:3::1'));
  });

  it('is keyed by the secret and holds no address', () => {
    expect(key('203.0.113.7')).not.toBe(key('203.0.113.7', 'another-secret-of-enough-length-0123456'));
    expect(key('203.0.113.7')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(key('203.0.113.7')).not.toContain('203');
  });
});
