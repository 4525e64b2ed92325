/** Handles (docs/decisions/032): the rules, the suggestion from a name, the profile URL; and the social provider env pairs. */
import { describe, expect, it } from 'vitest';
import { getEnv } from '@/env';
import { HANDLE_MESSAGES, handleProblem, normalizeHandle, profileUrl, suggestHandle } from '@/src/shared/handles';

describe('handle rules', () => {
  it('accepts 3 to 30 of a-z, 0-9, _ and -', () => {
    for (const ok of ['abc', 'ada_lovelace', 'ada-1815', 'a'.repeat(30), '___']) expect(handleProblem(ok), ok).toBeNull();
  });

  it('refuses the rest with the field message', () => {
    expect(handleProblem('')).toBe(HANDLE_MESSAGES.required);
    expect(handleProblem('ab')).toBe(HANDLE_MESSAGES.length);
    expect(handleProblem('a'.repeat(31))).toBe(HANDLE_MESSAGES.length);
    expect(handleProblem('ada.love')).toBe(HANDLE_MESSAGES.characters);
    expect(handleProblem('ADA')).toBe(HANDLE_MESSAGES.characters);
    expect(handleProblem('admin')).toBe(HANDLE_MESSAGES.reserved);
    expect(handleProblem('toolmint')).toBe(HANDLE_MESSAGES.reserved);
  });

  it('normalizes case, spaces and a leading @', () => {
    expect(normalizeHandle('  @Ada_Lovelace ')).toBe('ada_lovelace');
    expect(handleProblem(normalizeHandle('@Settings'))).toBe(HANDLE_MESSAGES.reserved);
  });

  it('suggests a valid handle from any name', () => {
    expect(suggestHandle('Ada Lovelace')).toBe('ada-lovelace');
    expect(suggestHandle('Émile Zola')).toBe('emile-zola');
    expect(suggestHandle('Al')).toBe('al-tm');
    expect(suggestHandle('')).toBe('user-tm');
    expect(suggestHandle('李小龙')).toBe('user-tm');
    expect(suggestHandle('Support')).toBe('support-1');
    for (const name of ['Ada Lovelace', 'x'.repeat(80), 'Al', '', '  --  ', 'Support', 'A B C D E F G H I J K L M N O P']) {
      expect(handleProblem(suggestHandle(name)), name).toBeNull();
    }
  });

  it('links to /@handle when there is one', () => {
    expect(profileUrl({ id: 'abc123', handle: 'ada' })).toBe('/@ada');
    expect(profileUrl({ id: 'abc123', handle: null })).toBe('/profile/abc123');
  });
});

describe('social provider configuration', () => {
  it('needs the client id and secret together', () => {
    expect(() => getEnv({ GOOGLE_CLIENT_ID: 'id-only' })).toThrow(/GOOGLE_CLIENT_SECRET: must be set together with GOOGLE_CLIENT_ID/);
    expect(() => getEnv({ GITHUB_CLIENT_SECRET: 'secret-only' })).toThrow(/GITHUB_CLIENT_ID/);
    expect(getEnv({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).GOOGLE_CLIENT_ID).toBe('id');
    expect(getEnv({}).GITHUB_CLIENT_ID).toBeUndefined();
  });
});
