/**
 * The pure parts around accounts: the assistant's intents, the toast queue, the session
 * user mapping, the unread badge, the environment's secret rule and the outbox format.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ASSISTANT_REPLIES, assistantReply, detectIntent } from '@/src/shared/auth-assistant';
import { displayName, toSessionUser, userInitial } from '@/src/shared/session';
import { unreadBadgeText } from '@/src/stores/notifications';
import { $toasts, dismissToast, toast, TOAST_DEFAULT_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@/src/stores/toasts';
import { PUBLISHED_DEV_AUTH_SECRET, getAuthSecret, getEnv } from '@/env';
import { OutboxMailer, readEmlText } from '@/functions/_shared/mailer';
import { EvenTiming } from '@/functions/auth/even-timing';
import { accountExistsEmail, resetPasswordEmail, resetPasswordUrl, verifyEmailMessage, verifyEmailUrl } from '@/functions/auth/auth-emails';

describe('assistant intents (spec section 4)', () => {
  it.each([
    ['I want to sell my prompts', 'creator'],
    ["I'm a creator", 'creator'],
    ['I am a developer', 'creator'],
    ['How do I make money here?', 'creator'],
    ['I want to buy a chatbot', 'buyer'],
    ["I'm looking for an automation", 'buyer'],
    ['I need help with emails', 'buyer'],
    ['Any solution for invoices?', 'buyer'],
    ['Tell me about the community', 'community'],
    ['I want to join', 'community'],
    ['Connect with people', 'community'],
    ['Grow my NETWORK', 'community'],
  ] as const)('%j gives %s', (text, intent) => expect(detectIntent(text)).toBe(intent));

  it('checks creator keywords first, then buyer, then community', () => {
    expect(detectIntent('I need to sell')).toBe('creator');
    expect(detectIntent('I need to join')).toBe('buyer');
  });

  it('asks for more detail otherwise', () => {
    expect(assistantReply('hello there')).toEqual({ intent: null, reply: ASSISTANT_REPLIES.unknown });
    expect(ASSISTANT_REPLIES.unknown).toMatch(/tell me a bit more/i);
  });
});

describe('toasts (spec section 9)', () => {
  afterEach(() => {
    vi.useRealTimers();
    $toasts.set([]);
  });

  it('shows one at a time, 5 s by default', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DEFAULT_DURATION_MS).toBe(5000);
    toast({ title: 'Login Error', description: 'Invalid email or password', variant: 'destructive' });
    const id = toast({ title: 'Account Created!' });
    expect($toasts.get()).toEqual([expect.objectContaining({ id, title: 'Account Created!', duration: 5000, open: true, variant: 'default' })]);
  });

  it('keeps a dismissed toast closed until it is removed after 1,000,000 ms', () => {
    vi.useFakeTimers();
    const id = toast({ title: 'Coming Soon' });
    dismissToast(id);
    expect($toasts.get()).toEqual([expect.objectContaining({ id, open: false })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });
});

describe('session user', () => {
  it("maps better-auth's user and shows the full name, else the name, else 'User'", () => {
    const user = toSessionUser({
      id: 'u1',
      email: 'ada@example.com',
      name: 'Ada',
      full_name: 'Ada Lovelace',
      user_type: 'creator',
      company: null,
      emailVerified: true,
    });
    expect(user).toEqual({
      id: 'u1',
      email: 'ada@example.com',
      name: 'Ada',
      fullName: 'Ada Lovelace',
      userType: 'creator',
      company: null,
      image: null,
      emailVerified: true,
    });
    // An account that has not confirmed its address (or a payload without the field) is unverified.
    expect(toSessionUser({ id: 'u2', email: 'b@example.com', name: 'B', emailVerified: false })?.emailVerified).toBe(false);
    expect(toSessionUser({ id: 'u2', email: 'b@example.com', name: 'B' })?.emailVerified).toBe(false);
    expect(toSessionUser({ id: 'u2', email: 'b@example.com', name: 'B', email_verified: true })?.emailVerified).toBe(true);
    expect(toSessionUser(user)).toEqual(user);
    expect(displayName(user)).toBe('Ada Lovelace');
    expect(displayName({ fullName: null, name: 'Ada' })).toBe('Ada');
    expect(displayName(null)).toBe('User');
    expect(userInitial(user)).toBe('A');
    expect(userInitial({ fullName: null, name: '', email: 'zed@example.com' })).toBe('Z');
  });

  it('refuses rows without an id or email, and defaults an unknown type to buyer', () => {
    expect(toSessionUser(null)).toBeNull();
    expect(toSessionUser({ id: 'x' })).toBeNull();
    expect(toSessionUser({ id: 'x', email: 'x@example.com', user_type: 'admin' })?.userType).toBe('buyer');
  });
});

describe('unread badge (spec section 2)', () => {
  it('is hidden at 0 and caps at 99+', () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
  });
});

describe('BETTER_AUTH_SECRET', () => {
  it('is generated per data folder outside production, refused when missing in production, and never the published constant', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolmint-secret-'));
    try {
      const generated = getAuthSecret(getEnv({ NODE_ENV: 'development', DATA_DIR: dir }));
      expect(generated).not.toBe(PUBLISHED_DEV_AUTH_SECRET);
      expect(generated.length).toBeGreaterThanOrEqual(32);
      const other = getAuthSecret(getEnv({ NODE_ENV: 'development', DATA_DIR: path.join(dir, 'other') }));
      expect(other).not.toBe(generated);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(() => getAuthSecret(getEnv({ NODE_ENV: 'production' }))).toThrow(/BETTER_AUTH_SECRET must be set in production/);
    for (const NODE_ENV of ['production', 'development'])
      expect(() => getAuthSecret(getEnv({ NODE_ENV, BETTER_AUTH_SECRET: PUBLISHED_DEV_AUTH_SECRET }))).toThrow(/published example value/);
    expect(() => getAuthSecret(getEnv({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'short' }))).toThrow(/at least 32/);
    const real = 'k'.repeat(16) + 'Q9x!'.repeat(5);
    expect(getAuthSecret(getEnv({ NODE_ENV: 'production', BETTER_AUTH_SECRET: real }))).toBe(real);
  });
});

describe('even timing of the answers that must not tell whether an address has an account', () => {
  it("makes the faster kind wait for the slower kind's average, per path, and never the slower one", () => {
    const timing = new EvenTiming();
    // An existing address's reset request (an email is sent) takes 15 ms; an unknown one's 10 ms.
    expect(timing.waitFor('/request-password-reset', true, 15)).toBe(0);
    expect(timing.waitFor('/request-password-reset', false, 10)).toBe(5);
    expect(timing.waitFor('/request-password-reset', true, 15)).toBe(0);
    // The average moves with recent answers: a slower send raises what the other kind waits for.
    expect(timing.waitFor('/request-password-reset', true, 25)).toBe(0);
    expect(timing.waitFor('/request-password-reset', false, 10)).toBeCloseTo(7, 5);
    // Another path keeps its own averages.
    expect(timing.waitFor('/sign-up/email', false, 40)).toBe(0);
    expect(timing.waitFor('/sign-up/email', true, 30)).toBe(10);
  });
});

describe('outbox mailer', () => {
  it('writes one .eml per message that a mail client (or a test) can read back', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolmint-outbox-'));
    try {
      const url = resetPasswordUrl('http://localhost:4321', 'tok_123');
      expect(url).toBe('http://localhost:4321/auth/reset-password?token=tok_123');
      const message = await resetPasswordEmail({ to: 'ada@example.com', name: 'Ada Lovelace', url, expiresInMinutes: 60 });
      await new OutboxMailer(dir, 'toolmint <no-reply@toolmint.local>').send(message);
      const files = fs.readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/ada@example\.com.*\.eml$/);
      const eml = fs.readFileSync(path.join(dir, files[0]!), 'utf8');
      expect(eml).toContain('To: ada@example.com');
      expect(eml).toContain('Subject: Reset your toolmint password');
      expect(eml).toContain('Content-Type: multipart/alternative');
      const text = readEmlText(eml);
      expect(text).toContain('Hi Ada Lovelace,');
      expect(text).toContain(url);
      expect(text).toContain('expires in 60 minutes');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('account emails (issue 10)', () => {
  it('links verification to better-auth with our landing page as the callback, whatever the token holds', async () => {
    const url = verifyEmailUrl('http://localhost:4321', 'a.b-c_d');
    expect(url).toBe('http://localhost:4321/api/auth/verify-email?token=a.b-c_d&callbackURL=%2Fauth%2Fverified');
    const message = await verifyEmailMessage({ to: 'ada@example.com', name: 'Ada <b>', url, expiresInHours: 24 });
    expect(message.subject).toBe('Verify your toolmint email address');
    expect(message.text).toContain(url);
    expect(message.text).toContain('expires in 24 hours');
    // Names are escaped in the HTML part.
    expect(message.html).toContain('Hi Ada &lt;b&gt;,');
    expect(message.html).not.toContain('<b>,');
  });

  it("tells an account's owner about a sign-up with their address, with sign-in and reset links", async () => {
    const message = await accountExistsEmail({
      to: 'ada@example.com',
      name: null,
      signInUrl: 'http://localhost:4321/auth?mode=login',
      resetUrl: 'http://localhost:4321/auth?mode=forgot-password',
    });
    expect(message.subject).toBe('Someone tried to create a toolmint account with your email');
    expect(message.text).toMatch(/^Hi,$/m);
    expect(message.text).toContain('Someone tried to create an account with your email address');
    expect(message.text).toContain('http://localhost:4321/auth?mode=login');
    expect(message.text).toContain('http://localhost:4321/auth?mode=forgot-password');
  });
});
