/**
 * The input rules of docs/decisions/010: the one text rule (src/shared/text.ts), the id and
 * timestamp shapes that reach queries (src/shared/ids.ts), and the body limit per path
 * (functions/_shared/body-limit.ts).
 */
import { describe, expect, it } from 'vitest';
import { bodyLimitFor, declaredBodyTooLarge, JSON_BODY_LIMIT, PRODUCT_BODY_LIMIT, UPLOAD_BODY_LIMIT } from '@/functions/_shared/body-limit';
import { PROFILE_IMAGE_UPLOAD_MAX_BYTES } from '@/functions/profiles/profile-images.service';
import { DELIVERABLE_MAX_BYTES, IMAGE_UPLOAD_MAX_BYTES } from '@/functions/uploads/uploads.service';
import { isTimestampText, isToolId, isUserId, isUuid } from '@/src/shared/ids';
import { safeText } from '@/functions/_shared/safe-text';
import { readTextField, TEXT_MESSAGES, textProblem } from '@/src/shared/text';

describe('the text rule', () => {
  it('allows printable text, tabs and line breaks, and normalises \\r\\n', () => {
    expect(textProblem('Ünïcödé ✓ 日本語 🙂\ttab\nline')).toBeNull();
    expect(safeText().trim().parse(' a\r\nb\rc ')).toBe('a\nb\nc');
  });

  it('refuses NUL, other C0 and C1 controls, DEL and unpaired surrogates', () => {
    for (const bad of ['a\u0000b', '\u0007', '\u001b[31m', '\u000b', '\u000c', '\u007f', '\u0085', '\u009f']) {
      expect(textProblem(bad)).toBe(TEXT_MESSAGES.controlCharacters);
    }
    expect(textProblem('a\ud800b')).toBe(TEXT_MESSAGES.invalidCharacters);
    expect(textProblem('\udc00')).toBe(TEXT_MESSAGES.invalidCharacters);
    const result = safeText().max(10).safeParse('ab\u0000');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(TEXT_MESSAGES.controlCharacters);
  });

  it('reads a hand-validated field: null or absent is empty, other types are refused', () => {
    expect(readTextField(undefined)).toEqual({ text: '', problem: null });
    expect(readTextField(null)).toEqual({ text: '', problem: null });
    expect(readTextField('  hi\r\n ')).toEqual({ text: 'hi', problem: null });
    expect(readTextField(12)).toEqual({ text: '', problem: TEXT_MESSAGES.notText });
    expect(readTextField({})).toEqual({ text: '', problem: TEXT_MESSAGES.notText });
    expect(readTextField('x\u0000').problem).toBe(TEXT_MESSAGES.controlCharacters);
  });
});

describe('ids and cursor timestamps', () => {
  it('accepts only the shapes the database expects', () => {
    expect(isUuid('8eecf0f4-c29f-4f02-ab54-b9c4f1e80b80')).toBe(true);
    expect(isUuid('8eecf0f4-c29f-4f02-ab54-b9c4f1e80b80\u0000')).toBe(false);
    expect(isUuid('not-a-uuid')).toBe(false);
    expect(isUserId('3oRkQzxB6UIi4ip0KfnpjMqKpJPSo4Nk')).toBe(true);
    expect(isUserId('demo-sarah-chen')).toBe(true);
    expect(isUserId('a\u0000')).toBe(false);
    expect(isUserId('a'.repeat(101))).toBe(false);
    expect(isToolId('n8n')).toBe(true);
    expect(isToolId('N8N')).toBe(false);
  });

  it('takes timestamps as PostgreSQL prints them or as ISO 8601, and nothing PostgreSQL would refuse', () => {
    for (const ok of ['2026-11-21 10:00:00.123456+00', '2026-11-21T10:00:00.123Z', '2024-02-29 23:59:59+05:30', '2026-11-21 10:00:00-0800'])
      expect(isTimestampText(ok)).toBe(true);
    for (const bad of [
      '1',
      'yesterday',
      '2026-02-30 10:00:00+00',
      '2025-02-29T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-11-21 24:00:00+00',
      '2026-11-21 10:00:00+16',
      '2026-11-21 10:00:00',
      '2026-11-21 10:00:00+00\u0000',
    ]) {
      expect(isTimestampText(bad), bad).toBe(false);
    }
  });
});

describe('the body limit per path', () => {
  it('is 1 MB for JSON and auth, 2 MB for product forms, and above every upload limit for uploads', () => {
    expect(bodyLimitFor('/api/products/x/view')).toBe(JSON_BODY_LIMIT);
    expect(bodyLimitFor('/api/auth/sign-in/email')).toBe(JSON_BODY_LIMIT);
    expect(bodyLimitFor('/some/page')).toBe(JSON_BODY_LIMIT);
    expect(bodyLimitFor('/api/me/products')).toBe(PRODUCT_BODY_LIMIT);
    expect(bodyLimitFor('/api/me/products/8eecf0f4-c29f-4f02-ab54-b9c4f1e80b80')).toBe(PRODUCT_BODY_LIMIT);
    for (const path of ['/api/uploads/images', '/api/uploads/files', '/api/profile/avatar', '/api/profile/banner'])
      expect(bodyLimitFor(path)).toBe(UPLOAD_BODY_LIMIT);
    // The upload routes answer FILE_TOO_LARGE with the file's own limit before this ceiling.
    expect(UPLOAD_BODY_LIMIT).toBeGreaterThan(Math.max(DELIVERABLE_MAX_BYTES, IMAGE_UPLOAD_MAX_BYTES, PROFILE_IMAGE_UPLOAD_MAX_BYTES) + 64 * 1024);
    expect(bodyLimitFor('/api/uploads')).toBe(JSON_BODY_LIMIT);
  });

  it('judges a declared Content-Length, leaving an absent one to the reader', () => {
    expect(declaredBodyTooLarge('/api/health', String(JSON_BODY_LIMIT))).toBe(false);
    expect(declaredBodyTooLarge('/api/health', String(JSON_BODY_LIMIT + 1))).toBe(true);
    expect(declaredBodyTooLarge('/api/health', null)).toBe(false);
    expect(declaredBodyTooLarge('/api/health', undefined)).toBe(false);
  });
});
