/**
 * The pure rules of a creator's emails to customers (src/shared/customer-emails.ts,
 * docs/decisions/078): the 3 sends in any 24 hours and when the next frees up, the input's
 * audience and product together, the form's audience choice, and the unsubscribe token that
 * names its email.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createUnsubscribeToken, verifyUnsubscribeToken } from '@/functions/email/unsubscribe-token';
import { audienceOfTarget, CustomerEmailInputSchema, recipientsLabel, sendAllowance, targetOf } from '@/src/shared/customer-emails';

const NOW = new Date('2026-12-06T12:00:00.000Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);
const PRODUCT = '4c2b7e1a-9d3f-4a6b-8c5e-1f2a3b4c5d6e';

describe('sendAllowance', () => {
  it('leaves 3 with no send, and counts only the last 24 hours', () => {
    expect(sendAllowance([], NOW)).toEqual({ remaining: 3, nextAt: null });
    expect(sendAllowance([hoursAgo(1), hoursAgo(30)], NOW)).toEqual({ remaining: 2, nextAt: null });
    expect(sendAllowance([hoursAgo(24)], NOW)).toEqual({ remaining: 3, nextAt: null });
  });

  it('says when the oldest send of the day frees its slot once none is left', () => {
    expect(sendAllowance([hoursAgo(1), hoursAgo(20), hoursAgo(5)], NOW)).toEqual({ remaining: 0, nextAt: '2026-12-06T16:00:00.000Z' });
    // More than 3 in the window (sends made before a limit was lowered): the slot that frees the 3rd.
    expect(sendAllowance([hoursAgo(1), hoursAgo(2), hoursAgo(3), hoursAgo(23)], NOW).nextAt).toBe('2026-12-07T09:00:00.000Z');
  });
});

describe('the input', () => {
  const parse = (v: unknown) => z.safeParse(CustomerEmailInputSchema, v);
  const base = { subject: ' Hello ', body: 'Hi **there**' };

  it('takes a product with, and only with, the audience of one product', () => {
    expect(parse({ ...base, audience: 'product', productId: PRODUCT }).data).toEqual({
      audience: 'product',
      productId: PRODUCT,
      subject: 'Hello',
      body: 'Hi **there**',
    });
    expect(parse({ ...base, audience: 'followers' }).data?.productId).toBeNull();
    expect(parse({ ...base, audience: 'product' }).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['productId', 'Choose one of your products'],
    ]);
    expect(parse({ ...base, audience: 'all_products', productId: PRODUCT }).success).toBe(false);
    expect(parse({ ...base, audience: 'everyone' }).success).toBe(false);
  });

  it('refuses an empty subject or body, a subject over 150 characters, and control characters', () => {
    expect(parse({ audience: 'followers', subject: ' ', body: 'x' }).success).toBe(false);
    expect(parse({ audience: 'followers', subject: 'x', body: '' }).success).toBe(false);
    expect(parse({ audience: 'followers', subject: 'x'.repeat(151), body: 'x' }).success).toBe(false);
    expect(parse({ audience: 'followers', subject: 'x\u0000', body: 'x' }).success).toBe(false);
  });
});

describe('the form’s audience choice', () => {
  it('maps to the API’s fields and back', () => {
    expect(audienceOfTarget(`product:${PRODUCT}`)).toEqual({ audience: 'product', productId: PRODUCT });
    expect(audienceOfTarget('followers')).toEqual({ audience: 'followers', productId: null });
    expect(audienceOfTarget('all_products')).toEqual({ audience: 'all_products', productId: null });
    expect(targetOf({ audience: 'product', productId: PRODUCT })).toBe(`product:${PRODUCT}`);
    expect(recipientsLabel(1)).toBe('1 recipient');
    expect(recipientsLabel(1200)).toBe('1,200 recipients');
  });
});

describe('the unsubscribe token of a creator’s email', () => {
  it('names its message, and a token without one still works', () => {
    const secret = 'x'.repeat(32);
    const withMessage = createUnsubscribeToken('user-1', 'creator_email', { secret, messageId: PRODUCT, now: NOW });
    expect(verifyUnsubscribeToken(withMessage, { secret, now: NOW })).toMatchObject({ userId: 'user-1', kind: 'creator_email', messageId: PRODUCT });
    const without = createUnsubscribeToken('user-1', 'tool_update', { secret, now: NOW });
    expect(verifyUnsubscribeToken(without, { secret, now: NOW })).not.toHaveProperty('messageId');
  });
});
